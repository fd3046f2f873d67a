// What the room's buttons do beyond the room itself: follow (1 s debounce, failures swallowed,
// d2 §8), message, a video call with the host, report (to /feedback, then leave the room).
import type { Kernel } from '../../kernel/types.ts'
import { CallGameType, callsRef } from '../calls/api.ts'
import type { LiveRoom } from './state.ts'

const FOLLOW_DEBOUNCE_MS = 1000
let lastFollow = -Infinity

export async function toggleFollow(kernel: Kernel, room: LiveRoom, now = Date.now()) {
  const r = room.info.peek()
  if (!r || now - lastFollow < FOLLOW_DEBOUNCE_MS) return
  lastFollow = now
  const follow = r.followFlag !== 1
  try {
    // d2 §7: action 1 follow, 2 unfollow (followUserId and followType: the same, as the wall sends them)
    const action = follow ? 1 : 2
    await kernel.api.post('/api/user/followUser', { yxAccid: r.yxAccid, action, userId: r.userId, levelName: r.anchorLevelName, source: 'live', followUserId: r.userId, followType: action }, { silent: true })
    const now = room.info.peek()
    if (now?.userId === r.userId) room.info.value = { ...now, followFlag: follow ? 1 : 0 }
  } catch {
    // swallowed (d2 §8)
  }
}

/** the follow changed elsewhere (the user card): the room's flag follows when it is this host */
export function setFollowFlag(room: LiveRoom, userId: number, followed: boolean) {
  const r = room.info.peek()
  if (r?.userId === userId) room.info.value = { ...r, followFlag: followed ? 1 : 0 }
}

export const messageHref = (yxAccid: string) => `/talk?to=${encodeURIComponent(yxAccid)}&taPath=live`

/** a video call with the host: the calls plugin leaves the room first (its scene.call) */
export function callHost(kernel: Kernel, room: LiveRoom) {
  const r = room.info.peek()
  const calls = kernel.get(callsRef)
  if (!r || !calls) return
  void calls.start({ hostId: r.userId, videoPrice: r.videoPrice, yxAccid: r.yxAccid, source: 'live' })
}

const PRIVATE_CALL_DEBOUNCE_MS = 3000
const PRIVATE_BUSY_MS = 2000
let lastPrivate = -Infinity

/** may a private call start now? d2 §4.8: the room live and its call open; else the spec's words (2 s) */
export function privateCallAllowed(kernel: Kernel, room: LiveRoom): boolean {
  const r = room.info.peek()
  if (r && room.status.peek() === 'live' && r.privateCallOpen === 1) return true
  kernel.overlays.toast(kernel.i18n.t('live.privateBusy'), { type: 'warning', duration: PRIVATE_BUSY_MS })
  return false
}

/** LIVE-14: a call of game type LIVE with the host at the entry price giftPrice, 3 s apart; the
 *  calls engine checks the balance, rings, and bills (5 free minutes, then unitPrice a minute) */
export function privateCall(kernel: Kernel, room: LiveRoom, now = Date.now()): boolean {
  if (!privateCallAllowed(kernel, room) || now - lastPrivate < PRIVATE_CALL_DEBOUNCE_MS) return false
  const r = room.info.peek()!
  const calls = kernel.get(callsRef)
  if (!calls) return false
  lastPrivate = now
  void calls.start({ hostId: r.userId, videoPrice: r.giftPrice, yxAccid: r.yxAccid, source: 'live', gameType: CallGameType.LIVE })
  return true
}

/** d2 §2.8: Report goes to /feedback with hostid and hostlvl, then leaves the room */
export async function report(kernel: Kernel, room: LiveRoom) {
  const r = room.info.peek()
  const id = r?.userId ?? room.hostId.peek()
  await room.leave()
  kernel.router.navigate(`/feedback?hostid=${id ?? ''}&hostlvl=${encodeURIComponent(r?.anchorLevelName ?? '')}`, { replace: true })
}
