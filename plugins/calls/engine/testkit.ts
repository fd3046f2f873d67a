// A test rig for the call engine: the engine runs against the real harness slice (fake.ts)
// in fake time, with a recording RTC double, so a test drives a whole call (host answer,
// pushes, billing through the ledger) in microseconds. Single requests can be overridden.
import { ApiError } from '../../../kernel/api.ts'
import { Code } from '../../../kernel/protocol/envelope.ts'
import type { RtcClient, RtcEvents } from '../../../kernel/rtc/types.ts'
import { EndpointError, type HarnessContext } from '../../../harness/slice-kit.ts'
import { fakeTimers } from '../../../test/fake-timers.ts'
import { CallStatus, type IncomingCall } from '../api.ts'
import { CallEngine } from './engine.ts'
import type { CallConfig, CallDeps } from './call-state.ts'
import { createCallsFake } from '../fake.ts'
import { callEndpoint, testContext, VIEWER } from '../fake/testkit.ts'
import type { Where } from './incoming.ts'
import { en } from '../strings.ts'

/** How the harness RTC names a member: a host joins as her numeric user id, whichever account the
 *  calls slice named her by (the one uid scheme) */
export const rtcUidOf = (ctx: Pick<HarnessContext, 'userByAccid'>) => (who: string) => String(ctx.userByAccid(who)?.userId ?? who)

/** An RTC client double: remote users in a channel are announced when the client joins, like Agora does;
 *  a subscribed remote's first frame is reported a moment later, like Agora's 'first-frame-decoded'. */
export function fakeRtc() {
  const handlers = new Map<string, Set<(e: any) => void>>()
  const log: string[] = []
  const remotes = new Map<string, Set<string>>()
  let joined: string | null = null
  let ownUid = ''
  let failJoin = false
  let hangJoin = false
  let frames = true
  const emit = <K extends keyof RtcEvents>(ev: K, e: RtcEvents[K]) => {
    for (const fn of handlers.get(ev) ?? []) fn(e)
  }
  const announce = (uid: string) => {
    emit('user-joined', { uid })
    emit('user-published', { uid, mediaType: 'video' })
  }
  const client: RtcClient = {
    async join({ channel, uid }) {
      if (failJoin) throw new Error('join failed')
      // an SDK join that never settles (no route to its servers)
      if (hangJoin) return new Promise<void>(() => {})
      log.push(`join ${channel} as ${uid}`)
      joined = channel
      ownUid = uid
      for (const r of remotes.get(channel) ?? []) announce(r)
    },
    publish: async () => (log.push('publish'), true),
    async subscribe(uid) {
      if (!joined || !remotes.get(joined)?.has(uid)) throw new Error(`user ${uid} is not in the channel`)
      if (frames) queueMicrotask(() => emit('first-frame', { uid }))
    },
    playLocal: () => {},
    async leave() {
      log.push('leave')
      joined = null
      ownUid = ''
    },
    on(ev, fn) {
      if (!handlers.has(ev)) handlers.set(ev, new Set())
      handlers.get(ev)!.add(fn)
      return () => void handlers.get(ev)?.delete(fn)
    },
  }
  return {
    client,
    log,
    emit,
    remoteJoin(channel: string, uid: string) {
      if (!remotes.has(channel)) remotes.set(channel, new Set())
      remotes.get(channel)!.add(uid)
      if (joined === channel) announce(uid)
    },
    remoteLeave(channel: string, uid: string) {
      remotes.get(channel)?.delete(uid)
      if (joined === channel) emit('user-left', { uid })
    },
    quality(channel: string, q: number) {
      if (joined === channel) emit('network-quality', { uplink: q, downlink: q })
    },
    failJoins(v = true) {
      failJoin = v
    },
    /** joins that never settle */
    hangJoins(v = true) {
      hangJoin = v
    },
    /** false: a remote's video never draws a frame (subscribed, but nothing decodes) */
    drawFrames(v: boolean) {
      frames = v
    },
    /** who is in which channel, as the harness RTC service lists it */
    channels(): Array<{ channel: string; uids: string[] }> {
      if (!joined) return [...remotes].map(([channel, r]) => ({ channel, uids: [...r] }))
      return [...remotes].map(([channel, r]) => ({ channel, uids: channel === joined ? [ownUid, ...r] : [...r] }))
    },
  }
}

export interface RigOptions {
  balance?: number
  vip?: boolean
  settings?: Record<string, unknown>
  config?: Partial<CallConfig>
  where?: Partial<Where>
  online?: boolean
  messageCounts?: { own: number; host: number }
  /** false: no call screen subscribes to the host's video (default: it does, as CallScreen) */
  screen?: boolean
}

type Override = (payload: any) => unknown

export function rig(o: RigOptions = {}) {
  const timers = fakeTimers()
  let engine: CallEngine
  const rtc = fakeRtc()
  const slice = createCallsFake({ timers })
  const t = testContext(o.settings ?? {}, {
    onPush(userId, pushType, data) {
      if (userId !== VIEWER) return
      // pushes arrive a moment later, like off a socket
      queueMicrotask(() => {
        if (pushType === 'call.notify') engine.onNotify(data as any)
        if (pushType === 'call.incoming') engine.incoming.onPush(data as unknown as IncomingCall)
      })
    },
  })
  // the host's side of the video channel reaches the app's RTC client, as the harness RTC does: in the
  // channel as her numeric user id, whichever account the slice named her by (the one uid scheme)
  const recorder = t.ctx.rtc
  const uidOf = rtcUidOf(t.ctx)
  t.ctx.rtc = {
    hostJoin(channel, uid) {
      recorder.hostJoin(channel, uid)
      queueMicrotask(() => rtc.remoteJoin(channel, uidOf(uid)))
    },
    hostLeave(channel, uid) {
      recorder.hostLeave(channel, uid)
      queueMicrotask(() => rtc.remoteLeave(channel, uidOf(uid)))
    },
    setQuality(channel, quality) {
      recorder.setQuality(channel, quality)
      queueMicrotask(() => rtc.quality(channel, quality))
    },
    channels: () => rtc.channels(),
  }
  const viewer = t.db.get('users').find({ userId: VIEWER })
  viewer.assign({ diamondNum: o.balance ?? 1000, vipInfo: { isVip: !!o.vip } }).write()
  t.db.set('ledgerOpening', t.db.get('users').value().map((u: any) => ({ userId: u.userId, balance: u.diamondNum }))).write()

  const session = { diamondNum: o.balance ?? 1000, balances: [] as number[] }
  const requests: Array<{ path: string; payload: any; opts: any }> = []
  const overrides: Record<string, Override> = {}
  const toasts: Array<{ text: string; type?: string; duration?: number }> = []
  const shops: string[] = []
  const ended: any[] = []
  const busyHosts: number[] = []
  let backs = 0
  const channels: Array<string | null> = []
  const where: Where = { path: '/wall', live: false, payPopup: false, appId: 'callwall', ...o.where }
  let online = o.online ?? true
  /** what the app keeps across a reload (its storage) */
  const kept: { call: any } = { call: null }

  const toApiError = (e: EndpointError, path: string) =>
    new ApiError({ kind: 'code', code: e.code, message: e.code === Code.notEnough ? 'Insufficient balance' : e.message, path })

  const post = <T>(path: string, payload?: unknown, opts?: { timeout?: number }): Promise<T> => {
    requests.push({ path, payload, opts })
    const run = async () => {
      const override = overrides[path]
      if (override) return override(payload)
      try {
        return await callEndpoint(slice, t.ctx, path, payload ?? {}, VIEWER)
      } catch (e) {
        throw e instanceof EndpointError ? toApiError(e, path) : e
      }
    }
    const answer = run() as Promise<T>
    if (!opts?.timeout) return answer
    return new Promise<T>((resolve, reject) => {
      const id = timers.setTimeout(() => reject(new ApiError({ kind: 'timeout', message: 'Network Connection Failure', path })), opts.timeout!)
      answer.then(
        (v) => (timers.clearTimeout(id), resolve(v)),
        (e) => (timers.clearTimeout(id), reject(e)),
      )
    })
  }

  const deps: CallDeps = {
    post,
    rtc: async () => rtc.client,
    timers,
    say: (key, opts) => toasts.push({ text: en.toast[key].replace('{{n}}', String(opts?.params?.n ?? '')), type: opts?.type, duration: opts?.duration }),
    user: () => ({ userId: VIEWER, diamondNum: session.diamondNum, yxAccid: 'user_100001', isVip: !!o.vip }),
    setBalance: (n) => {
      session.diamondNum = n
      session.balances.push(n)
    },
    online: () => online,
    setCallChannel: (c) => void channels.push(c),
    openShop: (source) => void shops.push(source),
    back: () => void backs++,
    config: () => o.config ?? {},
    markHostBusy: (id) => void busyHosts.push(id),
    messageCounts: () => o.messageCounts ?? { own: 0, host: 0 },
    ended: (last) => void ended.push(last),
    where: () => where,
    remember: (call) => void (kept.call = call),
    unfinished: () => kept.call,
  }
  engine = new CallEngine(deps)
  // the call screen: once connected it subscribes to the host's video, and again when she publishes
  if (o.screen !== false) {
    const show = (uid: string) => {
      const i = engine.info.peek()
      if (i.status === CallStatus.CALLING_ING && uid && uid !== String(VIEWER)) rtc.client.subscribe(uid, null as unknown as HTMLElement).catch(() => {})
    }
    let shown: string | null = null
    engine.info.subscribe((i) => {
      if (i.status !== CallStatus.CALLING_ING || shown === i.channelId) return
      shown = i.channelId
      show(i.callUserId == null ? '' : String(i.callUserId))
    })
    rtc.client.on('user-published', (e) => e.mediaType === 'video' && show(e.uid))
  }

  return {
    engine,
    /** the API the engine talks to (the real slice in fake time), for other parts under test */
    post,
    timers,
    rtc,
    slice,
    ...t,
    session,
    requests,
    overrides,
    toasts,
    shops,
    ended,
    busyHosts,
    channels,
    where,
    backs: () => backs,
    setOnline: (v: boolean) => void (online = v),
    control: (name: string, body: unknown = {}) => slice.control![name](t.ctx, body, new URLSearchParams()),
    /** the payloads sent to one path */
    sent: (path: string) => requests.filter((r) => r.path === path).map((r) => r.payload),
    texts: () => toasts.map((x) => x.text),
    kept,
    /** the app starts again (a reload): a new engine on the same storage, server and clock */
    restart: () => new CallEngine(deps),
    status: () => engine.info.value.status,
  }
}

export type Rig = ReturnType<typeof rig>
