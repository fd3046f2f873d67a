// Full-server notices (LIVE-17, d2 §4.10): pushed wins and gifts shown as a banner anywhere in
// the app, one at a time: 1 s in, the show time (2 s, showTime, 5 for lucky wins), 1 s out, the
// next 10 s after the previous began; older than 10 minutes is dropped, also by a sweep every
// 10 minutes while the app is visible. Level gating by the game list's userLevels.
import { safeImageUrl } from '../../kernel/url.ts'
import { num as guardNum } from '../../kernel/guard.ts'
import { signal } from '@preact/signals-react'
import { realTimers, type Timers } from '../../kernel/timers.ts'

const APP_PUSH_TYPES = [49, 50, 55, 65, 66, 69, 74, 88, 89]
const SYSTEM_TYPES = [-4, -3, -1, 5, 6, 48, 67, 95, 99]
/** game win, gift fly, lucky win, batch gift: shown only to the levels the game list allows */
const GATED_TYPES = [65, 66, 88, 89]
const LUCKY_TYPES = [88]
const DEFAULT_SHOW_MS = 2000
const LUCKY_SHOW_MS = 5000
export const ANIM_MS = 1000
export const SPACING_MS = 10_000
export const EXPIRY_MS = 600_000
export const SWEEP_MS = 600_000
const QUEUE_CAP = 50

export interface Notice {
  key: number
  attachType: number
  system: boolean
  pushTime: number
  showMs: number
  /** the room it opens on a tap (the receiving host), when it names one */
  hostId: number | null
  yxRoomId: string
  sender: string
  senderIcon: string
  receiver: string
  receiverIcon: string
  giftNum: number
  totalReward: number
  giftImg: string
  /** a system notification's own text */
  text: string
}

let seq = 0
const str = (v: unknown, max = 60) => (typeof v === 'string' ? v.slice(0, max) : '')
// numbers through the kernel's guard: an object never reaches Number() (its toString may throw)
const num = (v: unknown) => guardNum(v) ?? 0
const url = safeImageUrl

/** A pushed notice, or null when it is not one the app shows, malformed, or older than 10 minutes
 *  (`why` hears the reason, for the log: a dropped notice is never silent to support). */
export function parseNotice(data: unknown, now: number, why: (reason: string) => void = () => {}): Notice | null {
  const drop = (reason: string) => (why(reason), null)
  if (!data || typeof data !== 'object' || Array.isArray(data)) return drop('the data is not an object')
  const d = data as Record<string, unknown>
  const attachType = guardNum(d.attachType) ?? NaN
  const system = SYSTEM_TYPES.includes(attachType)
  if (!Number.isInteger(attachType) || (!system && !APP_PUSH_TYPES.includes(attachType))) return drop(`attachType ${String(d.attachType)} is not a notice type (d2 §4.10)`)
  const pushTime = d.pushTime == null ? now : num(d.pushTime)
  if (!pushTime || now - pushTime > EXPIRY_MS) return drop('pushTime is missing or older than 10 minutes')
  const showTime = num(d.showTime)
  const n: Notice = {
    key: ++seq,
    attachType,
    system,
    pushTime,
    showMs: LUCKY_TYPES.includes(attachType) ? LUCKY_SHOW_MS : showTime > 0 ? Math.min(showTime, 30) * 1000 : DEFAULT_SHOW_MS,
    hostId: num(d.receiveUserId ?? d.userId) || null,
    yxRoomId: str(d.yxRoomId),
    sender: str(d.sendUserNickName ?? d.nickname),
    senderIcon: url(d.sendUserIcon ?? d.picture),
    receiver: str(d.receiveUserNickName),
    receiverIcon: url(d.receiveUserIcon),
    giftNum: num(d.giftNum),
    totalReward: num(d.totalReward ?? d.amount),
    giftImg: url(d.smallImg ?? d.floatWindowIcon),
    text: str(d.text ?? d.content, 140),
  }
  // a system notification with nothing to say, or an app push naming nobody, is not shown
  if (system && !n.text) return drop(`system notice ${attachType} has no text (text or content)`)
  if (!system && !n.sender && !n.receiver) return drop(`app notice ${attachType} names nobody (sendUserNickName, nickname or receiveUserNickName)`)
  return n
}

/** d2 §4.10: the gated types need the user's level in the game list's userLevels (no list: everyone) */
export function noticeAllowed(n: Notice, userLevel: number, userLevels: number[] | null): boolean {
  if (!GATED_TYPES.includes(n.attachType)) return true
  if (!userLevels || !userLevels.length) return true
  return userLevels.includes(userLevel)
}

export interface NoticeQueue {
  /** the notice on screen and whether it is coming in, shown or going out */
  current: ReturnType<typeof signal<{ notice: Notice; phase: 'in' | 'shown' | 'out' } | null>>
  add(n: Notice): void
  /** drop what has waited more than 10 minutes */
  sweep(): void
  dispose(): void
}

export function createNoticeQueue(opts: { timers?: Timers; paused?: () => boolean; visible?: () => boolean } = {}): NoticeQueue {
  const timers = opts.timers ?? realTimers
  const current = signal<{ notice: Notice; phase: 'in' | 'shown' | 'out' } | null>(null)
  let queue: Notice[] = []
  let busyUntil = 0
  let timer: unknown = null
  const fresh = (n: Notice) => timers.now() - n.pushTime <= EXPIRY_MS

  const schedule = (ms: number) => {
    timers.clearTimeout(timer)
    timer = timers.setTimeout(next, Math.max(0, ms))
  }
  function next() {
    timer = null
    const now = timers.now()
    if (now < busyUntil) return schedule(busyUntil - now)
    if (opts.paused?.()) return schedule(1000)
    queue = queue.filter(fresh)
    const n = queue.shift()
    if (!n) return
    busyUntil = now + Math.max(SPACING_MS, ANIM_MS * 2 + n.showMs)
    current.value = { notice: n, phase: 'in' }
    const phase = (p: 'shown' | 'out' | null, at: number) =>
      timers.setTimeout(() => {
        if (current.peek()?.notice !== n) return
        current.value = p ? { notice: n, phase: p } : null
      }, at)
    phase('shown', ANIM_MS)
    phase('out', ANIM_MS + n.showMs)
    phase(null, ANIM_MS * 2 + n.showMs)
    if (queue.length) schedule(busyUntil - now)
  }

  const sweeper = timers.setInterval(() => {
    if (!opts.visible || opts.visible()) queue = queue.filter(fresh)
  }, SWEEP_MS)

  return {
    current,
    add(n) {
      if (!fresh(n)) return
      queue = [...queue, n].slice(-QUEUE_CAP)
      if (timer == null) schedule(busyUntil - timers.now())
    },
    sweep: () => void (queue = queue.filter(fresh)),
    dispose() {
      timers.clearTimeout(timer)
      timers.clearInterval(sweeper)
      queue = []
      current.value = null
    },
  }
}
