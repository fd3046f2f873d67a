// The moments feed (d3 §7): /api/expand/friendsCircle/queryAnchorFriendsCircleListV2, pages of 10,
// with the last item's id as offset so posts added meanwhile do not shift the next page.
import { or, str } from '../../kernel/guard.ts'
import type { ApiClient } from '../../kernel/api.ts'
import type { Page } from '../../kernel/protocol/envelope.ts'
import type { Formatter } from '../../kernel/format.ts'
import type { Moment, MomentComment } from './api.ts'
import { MOMENTS_PAGE_SIZE, MomentsPath } from './paths.ts'

/** a field shown as text: text only (an object would print '[object Object]') */
const text = or(str(2000), '')

export const FEED_PATH = MomentsPath.feed
export const FEED_PAGE_SIZE = MOMENTS_PAGE_SIZE

export interface FeedPage {
  items: Moment[]
  /** a page shorter than the page size is the last one (d3 §4 home wall tabs rule, same here) */
  done: boolean
}

export async function loadFeedPage(api: ApiClient, currentPage: number, offsetId?: number): Promise<FeedPage> {
  const page = await api.post<Page<Record<string, unknown>> | null>(
    FEED_PATH,
    { currentPage, pageSize: FEED_PAGE_SIZE, ...(offsetId ? { offsetId } : {}) },
    { silent: true },
  )
  const rows: unknown[] = Array.isArray(page?.list) ? page.list : []
  return { items: rows.flatMap(toMoment), done: rows.length < FEED_PAGE_SIZE }
}

/** One server row to a Moment; a row without an id is dropped rather than shown broken. */
export function toMoment(row: unknown): Moment[] {
  if (!row || typeof row !== 'object') return []
  const r = row as Record<string, unknown>
  const id = Number(r.id)
  if (!Number.isFinite(id)) return []
  const images = Array.isArray(r.images) ? r.images.slice(0, 9).filter((x): x is string => typeof x === 'string') : []
  const t = typeof r.createTime === 'number' ? r.createTime : Date.parse(text(r.createTime))
  return [
    {
      id,
      userId: Number(r.userId) || 0,
      yxAccid: text(r.yxAccid),
      nickname: text(r.nickname ?? r.nickName),
      icon: text(r.icon),
      age: typeof r.age === 'number' ? r.age : null,
      content: text(r.content),
      images,
      likeNum: Number(r.likeNum) || 0,
      commentNum: Number(r.commentNum) || 0,
      isLike: r.isLike === true || r.isLike === 1,
      createTime: Number.isFinite(t) ? t : Date.now(),
      onlineStatus: typeof r.onlineStatus === 'number' ? r.onlineStatus : undefined,
    },
  ]
}

/** a post or comment younger than this reads 'just now'; older ones through Intl.RelativeTimeFormat */
const JUST_NOW_MS = 60_000

/** how old a post or comment is, in the user's words: 'just now', '4 minutes ago', 'قبل 4 دقائق' */
export function ageText(createTime: number, now: number, t: (key: string) => string, f: Pick<Formatter, 'relative'>): string {
  return now - createTime < JUST_NOW_MS ? t('moments.justNow') : f.relative(createTime, now)
}

/** One comment row (its guard): text fields are text or blank; a row without an id is dropped. */
export function toComment(row: unknown): MomentComment[] {
  if (!row || typeof row !== 'object') return []
  const r = row as Record<string, unknown>
  const id = Number(r.id)
  if (!Number.isFinite(id)) return []
  return [{ id, userId: Number(r.userId) || 0, nickname: text(r.nickname), icon: text(r.icon), content: text(r.content), createTime: Number(r.createTime) || Date.now() }]
}
