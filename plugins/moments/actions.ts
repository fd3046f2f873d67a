// The moments calls behind the detail page and the feed's buttons: the post, its comments (10 a
// page after the last comment shown), a comment, a like. Counts always come from the server's answer.
import type { Kernel } from '../../kernel/types.ts'
import type { Moment, MomentComment } from './api.ts'
import { toComment, toMoment } from './feed.ts'
import { COMMENT_MAX, MOMENTS_PAGE_SIZE, MomentsPath } from './paths.ts'
import { patch } from './state.ts'

export async function loadMoment(kernel: Kernel, id: number): Promise<Moment | null> {
  return toMoment(await kernel.api.post(MomentsPath.detail, { id }, { silent: true }))[0] ?? null
}

export async function loadComments(kernel: Kernel, id: number, offsetId?: number): Promise<MomentComment[]> {
  const page = await kernel.api.post<{ list?: unknown } | null>(MomentsPath.comments, { id, pageSize: MOMENTS_PAGE_SIZE, ...(offsetId ? { offsetId } : {}) }, { silent: true })
  return (Array.isArray(page?.list) ? page.list : []).flatMap(toComment)
}

/** the text a comment sends: trimmed, at most COMMENT_MAX characters (emoji count as one) */
const commentText = (raw: string) => [...raw.trim()].slice(0, COMMENT_MAX).join('')

/** send a comment; the new comment and the count, or null (the api client toasted why) */
export async function sendComment(kernel: Kernel, id: number, raw: string): Promise<MomentComment | null> {
  const content = commentText(raw)
  if (!content) return null
  const r = await kernel.api.post<{ comment?: unknown; commentNum?: number } | null>(MomentsPath.comment, { id, content }).catch(() => null)
  const comment = r ? toComment(r.comment)[0] : undefined
  if (!comment) return null
  if (typeof r?.commentNum === 'number' && Number.isSafeInteger(r.commentNum)) patch(kernel, id, { commentNum: r.commentNum })
  return comment
}

const liking = new WeakMap<Kernel, Set<number>>()

/** like or unlike; a tap while the last one is on its way is ignored (double taps are harmless) */
export async function toggleLike(kernel: Kernel, m: Moment): Promise<void> {
  let busy = liking.get(kernel)
  if (!busy) liking.set(kernel, (busy = new Set()))
  if (busy.has(m.id)) return
  busy.add(m.id)
  try {
    const r = await kernel.api.post<{ isLike?: boolean; likeNum?: number } | null>(MomentsPath.like, { id: m.id, likeType: m.isLike ? 2 : 1 })
    if (r && typeof r.likeNum === 'number' && Number.isSafeInteger(r.likeNum)) patch(kernel, m.id, { isLike: r.isLike === true, likeNum: r.likeNum })
  } catch {
    // the api client showed the failure; the post stays as it was
  } finally {
    busy.delete(m.id)
  }
}
