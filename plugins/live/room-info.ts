// The room as the enter call answers it (d2 §3 Live info), checked and normalised: what the
// room, its furniture and its end screen read.
import { safeImageUrl } from '../../kernel/url.ts'
import type { LiveHostHint } from './api.ts'

/** the room as the enter call answers it (d2 §3 Live info), normalised */
export interface RoomInfo {
  userId: number
  yxAccid: string
  yxRoomId: string
  agoraChannelId: string
  icon: string
  nickname: string
  anchorLevelName: string
  followFlag: number
  privateCallOpen: number
  videoPrice: number
  /** private call from live (d2 §2.7): the entry price and the price a minute after 5 free minutes */
  giftPrice: number
  unitPrice: number
  isBlockUser: number
  whoBlock: number
  currentAnchorRank: number | null
  task: { value: number; goal: number } | null
  topSpender: { userId: number; icon: string } | null
  /** d2 §3 Pendant/banner: the 2 s carousel */
  pendants: Pendant[]
  recommend: LiveHostHint[]
  liveRoomState: string
  userStatus: string
  liveDescribe: string
}

export interface Pendant {
  id: number
  picUrl: string
  directUrl: string
}

export const numOr = (v: unknown, d: number) => (Number.isFinite(Number(v)) ? Number(v) : d)
export const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v))

/** the task pill: the first unfinished task (smallest goal first), or the last one when all are done */
function pillTask(list: unknown): { taskValue?: unknown; taskCondition?: unknown } | null {
  const tasks = (Array.isArray(list) ? list : []).filter((t) => t && numOr(t.taskCondition, 0) > 0).sort((a, b) => numOr(a.taskCondition, 0) - numOr(b.taskCondition, 0))
  return tasks.find((t) => !numOr(t.finished, 0) && numOr(t.taskValue, 0) < numOr(t.taskCondition, 0)) ?? tasks[tasks.length - 1] ?? null
}

export function toRoomInfo(raw: unknown, hostId: number): RoomInfo | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as Record<string, any>
  const vo = r.agoraLiveSimpleVO && typeof r.agoraLiveSimpleVO === 'object' ? r.agoraLiveSimpleVO : {}
  const task = pillTask(r.expandMap?.tasks)
  const top = Array.isArray(r.bigBrotherList) ? r.bigBrotherList[0] : null
  return {
    userId: numOr(r.userId ?? r.id, hostId),
    yxAccid: text(r.yxAccid),
    yxRoomId: text(r.yxRoomId),
    agoraChannelId: text(r.agoraChannelId ?? vo.agoraChannelId),
    icon: text(r.icon),
    nickname: text(r.nickname),
    anchorLevelName: text(r.anchorLevelName),
    followFlag: numOr(r.followFlag, 0),
    privateCallOpen: numOr(r.privateCallOpen, 0),
    videoPrice: numOr(r.videoPrice, 0),
    giftPrice: numOr(r.giftPrice, 0),
    unitPrice: numOr(r.unitPrice ?? r.videoPrice, 0),
    isBlockUser: numOr(r.isBlockUser, 0),
    whoBlock: numOr(r.whoBlock, 0),
    currentAnchorRank: r.currentAnchorRank == null ? null : numOr(r.currentAnchorRank, 0),
    task: task ? { value: numOr(task.taskValue, 0), goal: numOr(task.taskCondition, 0) } : null,
    topSpender: top ? { userId: numOr(top.userId, 0), icon: text(top.icon) } : null,
    pendants: (Array.isArray(r.pendantList) ? r.pendantList : [])
      .filter((p: any) => p && safeImageUrl(p.picUrl))
      .slice(0, 10)
      .map((p: any) => ({ id: numOr(p.id, 0), picUrl: safeImageUrl(p.picUrl), directUrl: text(p.directUrl) })),
    recommend: (Array.isArray(r.recommendLiveAnchorList) ? r.recommendLiveAnchorList : [])
      .filter((h: any) => h && Number.isFinite(Number(h.userId)))
      .map((h: any) => ({ userId: Number(h.userId), nickname: text(h.nickname), icon: text(h.icon), yxAccid: text(h.yxAccid) })),
    liveRoomState: text(r.liveRoomState),
    userStatus: text(r.userStatus),
    liveDescribe: text(vo.liveDescribe),
  }
}

