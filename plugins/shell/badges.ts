// Tab badges (SHELL-07): the follow count for the message tab, and whether a task can be claimed
// for the user tab's dot. Both are read from the server; nothing is counted on the client.
import type { ApiClient } from '../../kernel/api.ts'
import type { Page } from '../../kernel/protocol/envelope.ts'

/** the follow list; type 1 lists the fans (followNum of the d2 message store is its total) */
const FOLLOW_PATH = '/api/user/userFriend'
const TASK_PATH = '/api/userTask/get'

export async function loadFollowCount(api: ApiClient): Promise<number> {
  const r = await api.post<Page<unknown> | null>(FOLLOW_PATH, { type: 1, currentPage: 1, pageSize: 200 }, { silent: true })
  const n = Number(r?.total ?? r?.list?.length ?? 0)
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
}

interface TaskRow {
  claimable?: unknown
  /** 0 not done, 1 claimable, 2 claimed */
  status?: unknown
}

/** True when at least one task is done and not yet claimed. */
export async function loadTaskClaimable(api: ApiClient): Promise<boolean> {
  const r = await api.post<{ list?: TaskRow[]; hasClaimable?: boolean } | null>(TASK_PATH, {}, { silent: true })
  if (typeof r?.hasClaimable === 'boolean') return r.hasClaimable
  return (r?.list ?? []).some((t) => t?.claimable === true || t?.status === 1)
}
