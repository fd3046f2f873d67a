// What the room's buttons do beyond the room itself: follow (1 s debounce, failures swallowed,
// d2 §8), message, a video call with the host, report (to /feedback, then leave the room).
import type { Kernel } from '../../kernel/types.ts'
import { callsRef } from '../calls/api.ts'
import type { LiveRoom } from './state.ts'

const FOLLOW_DEBOUNCE_MS = 1000
let lastFollow = -Infinity

export async function toggleFollow(kernel: Kernel, room: LiveRoom, now = Date.now()) {
  const r = room.info.peek()
  if (!r || now - lastFollow < FOLLOW_DEBOUNCE_MS) return
  lastFollow = now
  const follow = r.followFlag !== 1
  try {
    await kernel.api.post('/api/user/followUser', { followUserId: r.userId, followType: follow ? 1 : 2, yxAccid: r.yxAccid, source: 'live' }, { silent: true })
    const now = room.info.peek()
    if (now?.userId === r.userId) room.info.value = { ...now, followFlag: follow ? 1 : 0 }
  } catch {
    // swallowed (d2 §8)
  }
}

export const messageHref = (yxAccid: string) => `/talk?to=${encodeURIComponent(yxAccid)}&taPath=live`

/** a video call with the host: the calls plugin leaves the room first (its scene.call) */
export function callHost(kernel: Kernel, room: LiveRoom, gameType?: number) {
  const r = room.info.peek()
  const calls = kernel.get(callsRef)
  if (!r || !calls) return
  void calls.start({ hostId: r.userId, videoPrice: r.videoPrice, yxAccid: r.yxAccid, source: 'live', ...(gameType && { gameType }) })
}

/** d2 §2.8: Report goes to /feedback with hostid and hostlvl, then leaves the room */
export async function report(kernel: Kernel, room: LiveRoom) {
  const r = room.info.peek()
  const id = r?.userId ?? room.hostId.peek()
  await room.leave()
  kernel.router.navigate(`/feedback?hostid=${id ?? ''}&hostlvl=${encodeURIComponent(r?.anchorLevelName ?? '')}`, { replace: true })
}
