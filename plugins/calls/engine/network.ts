// CALL-09: the weak-network rule. While connected, the call is healthy when the RTC connection
// is up, the host's media is there and the network quality is not bad; after 10 s without
// that, the engine toasts and hangs up with reason 6. Meanwhile the link is reported at once
// (the reconnecting overlay) and billing waits (no period is charged while no video flows).
import type { RtcConnectionState } from '../../../kernel/rtc/types.ts'
import type { CallTimers } from './timers.ts'

/** Agora's scale: 5 very bad, 6 down. */
const BAD_QUALITY = 5

/** what the call screen shows of the video link */
export interface CallLink {
  /** Agora's scale: 0 unknown, 1 excellent .. 5 very bad, 6 down (the worse of up- and downlink) */
  quality: number
  /** false while judged and not healthy: the reconnecting overlay */
  healthy: boolean
}

export class NetworkWatch {
  private watching = false
  private state: RtcConnectionState | 'unknown' = 'unknown'
  private bad = false
  private remoteThere = false
  private timer: unknown = null
  private worst = 0

  constructor(
    private timers: CallTimers,
    private ms: number,
    private onWeak: () => void,
    private onLink: (link: CallLink) => void = () => {},
  ) {}

  /** begin judging (on connect); events before it are remembered */
  start(_rtcReady: boolean) {
    this.watching = true
    this.evaluate()
  }

  stop() {
    this.watching = false
    this.clear()
    this.state = 'unknown'
    this.bad = false
    this.remoteThere = false
    this.worst = 0
    this.onLink({ quality: 0, healthy: true })
  }

  connection(state: RtcConnectionState) {
    this.state = state
    this.evaluate()
  }

  quality(uplink: number, downlink: number) {
    this.worst = Math.max(Number(uplink) || 0, Number(downlink) || 0)
    this.bad = this.worst >= BAD_QUALITY
    this.evaluate()
  }

  remote(present: boolean) {
    this.remoteThere = present
    this.evaluate()
  }

  get healthy() {
    return this.state === 'connected' && this.remoteThere && !this.bad
  }

  private evaluate() {
    this.onLink({ quality: this.worst, healthy: !this.watching || this.healthy })
    if (!this.watching) return
    if (this.healthy) return this.clear()
    if (this.timer != null) return
    this.timer = this.timers.setTimeout(() => {
      this.timer = null
      if (this.watching && !this.healthy) this.onWeak()
    }, this.ms)
  }

  private clear() {
    if (this.timer != null) this.timers.clearTimeout(this.timer)
    this.timer = null
  }
}
