// The "online now" strip: the first page of online hosts from the anchor list (d3 §7).
import { or, str } from '../../kernel/guard.ts'
import type { ApiClient } from '../../kernel/api.ts'
import type { Page } from '../../kernel/protocol/envelope.ts'

/** a field shown as text: text only (an object would print '[object Object]') */
const text = or(str(2000), '')

export const ANCHOR_LIST_PATH = '/api/anchor/v4/anchorList'
const STRIP_SIZE = 12

export interface OnlineHost {
  userId: number
  yxAccid: string
  nickname: string
  icon: string
  age: number | null
  videoPrice: number
}

/** Online hosts, first page; rows without an id are skipped rather than shown broken. */
export async function loadOnlineHosts(api: ApiClient): Promise<OnlineHost[]> {
  const page = await api.post<Page<Record<string, unknown>> | null>(
    ANCHOR_LIST_PATH,
    { currentPage: 1, pageSize: STRIP_SIZE, onlineStatus: 1, tagId: 0, countryIds: [], isFollow: 0 },
    { timeout: 6000, silent: true },
  )
  return (page?.list ?? []).flatMap((r) => {
    const userId = Number(r.userId)
    if (!Number.isFinite(userId) || userId <= 0) return []
    return [
      {
        userId,
        yxAccid: text(r.yxAccid),
        nickname: text(r.nickname ?? r.nickName),
        icon: text(r.icon),
        age: typeof r.age === 'number' ? r.age : null,
        videoPrice: Number(r.videoPrice) || 0,
      },
    ]
  })
}
