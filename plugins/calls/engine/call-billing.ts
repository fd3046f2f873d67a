// Connect, begin-call and billing (CALL-02, CALL-06): begin-call is sent only once the call is
// connected, the RTC joined and the host's first frame drawn; then the billing points run.
import { CallMedia } from './call-media.ts'
import { isInsufficient } from '../../../kernel/api.ts'
import { CallGameType, CallPath, CallStatus, HangupReason, type BillingReply } from '../api.ts'
import { Billing } from './billing.ts'
import { CallDefaults, robotCallSeconds } from '../rules.ts'

export abstract class CallBilling extends CallMedia {
  protected connected() {
    if (!this.move(CallStatus.CALLING_ING, { callConnectTime: null, callDuration: 0, waitLeft: 0 })) return
    this.clearTimers()
    this.stopTicker()
    this.rate('connect')
    this.beginAttempts = 0
    const c = this.info.value
    this.deps.remember?.({ channelId: c.channelId!, icon: c.icon, callUserId: c.callUserId ?? 0, yxAccid: c.yxAccid, nickname: c.nickname, levelName: c.levelName, free: c.free, callGameType: c.callGameType })
    // no video within the bound: the call ends, never billed
    this.later(() => this.videoNeverCame(), CallDefaults.firstFrameMs)
    this.maybeBegin()
  }

  /** begin-call (billing) once connected, joined and the host's first frame drawn; once per call */
  protected maybeBegin() {
    const i = this.info.value
    if (i.status !== CallStatus.CALLING_ING || !this.rtcJoined || !this.firstFrame || this.beginSent) return
    this.beginSent = true
    void this.begin(this.generation)
  }

  protected videoNeverCame() {
    const i = this.info.value
    // a begin-call on its way has its own bound (and is reversed by callOver reason 10)
    if (i.status !== CallStatus.CALLING_ING || i.began || this.beginSent) return
    this.deps.say('noVideo', { type: 'warning' })
    this.hangUp(HangupReason.weakNetwork)
  }

  protected tick() {
    const i = this.info.value
    if (i.status !== CallStatus.CALLING_ING || i.callConnectTime == null) return
    const duration = Math.floor((this.deps.timers.now() - i.callConnectTime) / 1000)
    if (duration !== i.callDuration) this.patch({ callDuration: duration })
    this.billing?.tick(duration)
  }

  protected async begin(gen: number) {
    const i = this.info.value
    const match = i.callGameType === CallGameType.MATCH
    this.beginAttempts++
    let reply: BillingReply
    try {
      reply = await this.deps.post<BillingReply>(CallPath.begin, { channelId: i.channelId, discountFlag: 0 }, { silent: true, timeout: CallDefaults.beginTimeoutMs })
    } catch (err) {
      if (gen !== this.generation || this.info.value.status !== CallStatus.CALLING_ING) return
      if (isInsufficient(err)) {
        this.deps.say('insufficient', { type: 'warning' })
        return this.hangUp(HangupReason.balance)
      }
      if (this.beginAttempts < CallDefaults.beginAttempts) return void this.begin(gen)
      // the server reverses what a begin-call the app never heard of charged (callOver reason 10)
      this.deps.say(match ? 'matchNotStarted' : 'callNotStarted', { type: 'warning' })
      return this.hangUp(HangupReason.beginCall)
    }
    if (gen !== this.generation || this.info.value.status !== CallStatus.CALLING_ING) return
    // the duration (and every billing point, d1 §3) counts from the begin-call answer; a private
    // call from a room is free until the first point the server names (the entry paid for it)
    const liveFree = i.callGameType === CallGameType.LIVE ? Math.max(0, Number(reply.nextPoint) || 0) : null
    this.patch({ callConnectTime: this.deps.timers.now(), callDuration: 0, freeUntil: liveFree })
    this.ticker = this.deps.timers.setInterval(() => this.tick(), 1000)
    this.network.start(true)
    const cfg = this.config()
    this.billing = new Billing({
      timers: this.deps.timers,
      post: (p, d, o) => this.deps.post(p, d, o),
      channelId: () => this.info.value.channelId,
      duration: () => this.info.value.callDuration,
      freeSec: () => (match ? cfg.matchFreeTime : (liveFree ?? 0)),
      setBalance: (n) => this.deps.setBalance(n),
      warn: (w) => (this.warning.value = w),
      hangUp: (r) => {
        // deductions that kept failing end the call: the user hears why (what was charged is on the summary)
        if (r === HangupReason.deduction) this.deps.say('serverLost', { type: 'warning' })
        this.hangUp(r)
      },
      rate: (e) => this.rate(e),
      short: () => this.deps.say('insufficient', { type: 'warning' }),
      // no deduction while no video flows: a period is charged only once the picture is back
      mediaFlowing: () => this.network.healthy,
    })
    this.billing.apply(reply)
    this.patch({ began: true })
    this.rate('begin')
    // CALL-11: a robot (free) call ends by itself at the lesser of the configured time and 15 s
    if (this.info.value.free) this.later(() => this.hangUp(HangupReason.anchor), robotCallSeconds(cfg.robotCallTime) * 1000)
  }

  /** A balance the server pushed (a recharge during the call). */
  onBalance(diamondNum: number) {
    this.billing?.balanceChanged(diamondNum)
  }
}
