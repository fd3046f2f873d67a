// The call engine: the d1 §4/§5 call lifecycle as plain TypeScript over injected
// dependencies (API, RTC, clock, toasts, navigation), so every rule runs under fake timers
// in a unit test and the UI only reads its signals.
//
// outgoing: start checks -> createCall -> join the RTC channel -> ring (waiting screen)
//           -> 'call.notify' CONNECTED -> the host's first video frame -> beginCallV2 -> billing
//           -> hang-up -> callOver
// incoming: 'call.incoming' -> ring (popup) -> accept: joinCall -> join RTC -> first frame -> begin ... | reject | missed
// Fair billing: begin-call starts billing on the server, so it is sent only once the RTC join
// succeeded and the host's first frame was drawn; a call that never got there ends within
// CallDefaults.firstFrameMs with a message and costs nothing.
//
// The class is built in layers, one concern a file: call-state.ts (signals, config, timers),
// call-media.ts (RTC), call-billing.ts (connect, begin-call), call-ending.ts (hang-up, summary),
// call-starting.ts (checks, create, waiting); this file adds remote messages and incoming calls.
import { CallStarting, infoFromCreated } from './call-starting.ts'
import type { CallDeps } from './call-state.ts'
import { CallPath, emptyInfo, CallScene, CallStatus, FrontType, HangupReason, NotifyType, type CallCreated, type CallNotify } from '../api.ts'
import { isActive } from './machine.ts'
import { CallDefaults } from '../rules.ts'
import { Incoming } from './incoming.ts'

export class CallEngine extends CallStarting {
  readonly incoming: Incoming

  constructor(deps: CallDeps) {
    super(deps)
    this.incoming = new Incoming({
      post: (p, d, o) => deps.post(p, d, o),
      timers: deps.timers,
      say: (k, o) => deps.say(k, o),
      user: () => deps.user(),
      openShop: () => deps.openShop('incoming'),
      where: deps.where,
      rejectAppIds: () => this.config().rejectAppIds,
      inCall: () => isActive(this.info.value.status),
      rate: (channelId, event) => this.rate(event, channelId),
      accepted: (created, free) => this.acceptedIncoming(created, free),
    })
  }

  onNotify(data: CallNotify) {
    const i = this.info.value
    if (!data || typeof data.channelId !== 'string') return
    const type = Number(data.type)
    // the incoming call ringing in the popup, cancelled by its host
    if ((type === NotifyType.REJECT || type === NotifyType.CANCEL) && this.incoming.remoteEnded(data.channelId, data.reason)) return
    if (data.channelId !== i.channelId || !i.channelId) {
      if (this.early && this.early.length < 10) this.early.push(data)
      return
    }
    if (type === NotifyType.ONLINE) {
      if (i.status === CallStatus.CALLING && !i.hostReached) {
        this.patch({ hostReached: true })
        this.rate('ring')
      }
    } else if (type === NotifyType.REJECT || type === NotifyType.CANCEL) {
      if (i.status === CallStatus.CALLING) {
        this.move(CallStatus.CANCEL)
        this.rate(type === NotifyType.REJECT ? 'reject' : 'remote-cancel')
        this.deps.say(data.reason === 'busy' ? 'hostBusyLine' : 'hostUnavailable', { type: 'warning' })
        this.finish()
      } else if (i.status === CallStatus.CALLING_ING) {
        // the host left a connected call: it ends with a word, as a hang-up does
        this.deps.say('hostHungUp', { type: 'warning' })
        this.hangUp(HangupReason.anchor)
      }
    } else if (type === NotifyType.HANG_UP) {
      if (!isActive(i.status)) return
      this.deps.say('hostHungUp', { type: 'warning' })
      this.hangUp(HangupReason.anchor)
    } else if (type === NotifyType.CONNECTED) {
      if (i.status === CallStatus.CALLING) this.connected()
    }
  }

  /** agreed: the user tapped Accept (a robot invitation's free call joins without it: no camera) */
  protected async acceptedIncoming(created: CallCreated, free: boolean, agreed = true) {
    this.generation++
    this.info.value = { ...emptyInfo(), ...infoFromCreated(created), callInOrOut: 'in', free, callStartTime: this.deps.timers.now(), callFrontGameType: free ? FrontType.BOT : FrontType.DIRECT }
    this.deps.setCallChannel(created.channelId)
    const gen = this.generation
    const joined = await this.joinRtc(created.channelId, agreed)
    if (gen !== this.generation) return
    if (!joined) {
      // the server holds the accepted call as connected: report it over, so the host is free
      this.deps.say('cantConnect', { type: 'warning' })
      this.report(CallPath.over, { channelId: created.channelId, overReason: HangupReason.weakNetwork, callScene: CallScene.all })
      this.rate('join-failed', created.channelId)
      this.finish()
      this.info.value = emptyInfo()
      return
    }
    this.connected()
  }

  /** CALL-11: join the free robot call the server prepared for a robot invitation (IM-05). */
  async joinFree(channelId: string): Promise<boolean> {
    if (this.locked() || this.incoming.call.value) return false
    let created: CallCreated | null = null
    try {
      created = await this.deps.post<CallCreated>(CallPath.join, { channelId }, { silent: true, timeout: CallDefaults.joinTimeoutMs })
    } catch {
      created = null
    }
    // on failure or a missing channel the call info is reset (d1 §4)
    if (!created?.channelId || this.locked()) return false
    await this.acceptedIncoming(created, true, false)
    return isActive(this.info.value.status)
  }

  dispose() {
    this.incoming.dispose()
    if (isActive(this.info.value.status)) this.hangUp(HangupReason.user)
    this.finish()
    this.deps.timers.clearTimeout(this.lockTimer)
  }
}
