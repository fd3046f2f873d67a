// The call's RTC channel (CALL-09): join with the network watch following it, the host's first
// frame, leave.
import { CallState } from './call-state.ts'
import { CallDefaults } from '../rules.ts'

export abstract class CallMedia extends CallState {
  /** begin-call once joined and the first frame is drawn (call-billing.ts) */
  protected abstract maybeBegin(): void

  /** publish false: watch only, the camera stays off (a robot invitation the user did not agree to) */
  protected async joinRtc(channel: string, publish = true): Promise<boolean> {
    const user = this.deps.user()
    const gen = this.generation
    try {
      const rtc = await this.deps.rtc()
      this.rtcClient = rtc
      const own = String(user?.userId ?? '')
      this.rtcOff = [
        rtc.on('connection-state', (e) => this.network.connection(e.state)),
        rtc.on('network-quality', (e) => this.network.quality(e.uplink, e.downlink)),
        rtc.on('user-joined', (e) => e.uid !== own && this.network.remote(true)),
        rtc.on('user-published', (e) => e.uid !== own && this.network.remote(true)),
        rtc.on('user-left', (e) => e.uid !== own && this.network.remote(false)),
        rtc.on('first-frame', (e) => {
          if (e.uid === own || gen !== this.generation) return
          this.firstFrame = true
          this.maybeBegin()
        }),
      ]
      await this.bounded(rtc.join({ channel, uid: own }), CallDefaults.rtcJoinBoundMs)
      if (gen !== this.generation) return false
      this.network.connection('connected')
      this.rtcJoined = true
      this.maybeBegin()
      // the call goes on without a camera or a microphone (the RTC reports them as 'local-media')
      if (publish) await rtc.publish().catch(() => false)
      return true
    } catch {
      return false
    }
  }

  protected async leaveRtc() {
    for (const off of this.rtcOff) off()
    this.rtcOff = []
    const rtc = this.rtcClient
    this.rtcClient = null
    if (rtc) await rtc.leave().catch(() => {})
  }
}
