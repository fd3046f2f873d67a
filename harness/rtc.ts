// The harness RTC signalling service at /rtc (kernel/rtc/protocol.ts). Viewers join channels
// over WebSocket with a token the harness issued (POST /api/index/getAgoraRtmToken, below) for
// that user, channel and role; simulated hosts join and leave by hostJoin/hostLeave and always
// publish video and audio. The app draws a host as a generated video, so no media flows here.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { MediaType, RtcPeer, RtcRequest, RtcServerEvent } from '../kernel/rtc/protocol.ts'
import { Code } from '../kernel/protocol/envelope.ts'
import { RTC_TOKEN_PATH } from '../kernel/rtc/token.ts'
import type { LoadedSlice } from './slices.ts'
import { EndpointError, mediaOf, type EndpointCall, type HarnessContext, type UpgradeService } from './types.ts'

export type RtcRole = 'host' | 'audience'
/** what the token endpoint answers: the token and the uid it is good for (the server decides the uid) */
export interface RtcGrant {
  token: string
  uid: string
  expireSeconds: number
}

export interface RtcService extends UpgradeService {
  /** make a host (by IM account / uid) join a channel and publish its generated video */
  hostJoin(channel: string, uid: string): void
  hostLeave(channel: string, uid: string): void
  /** report network quality for a channel's viewer (1 good .. 6 down), to simulate a weak network */
  setQuality(channel: string, quality: number): void
  channels(): Array<{ channel: string; uids: string[] }>
  /** close the viewers' sockets (of one channel, or all) to simulate a network loss; returns how many */
  drop(channel?: string): number
  /** make a channel's audience joins fail with a code (UID_CONFLICT, ALREADY_CONNECTED); null clears it */
  failAudience(channel: string, code: string | null): void
  /** a token for this uid, channel and role, good for ttlSec (default the service's) */
  issue(grant: { channel: string; uid: string; role: RtcRole }, ttlSec?: number): RtcGrant
}

export interface RtcServiceOptions {
  /** how long an issued token is good for (default 3600 s, Agora's usual); tests shorten it */
  tokenTtlSec?: number
  /** seconds before expiry that 'token-privilege-will-expire' is sent (Agora: 30 s) */
  warnBeforeSec?: number
}

/** The SDK's refusals, shaped as Agora reports them (code and message) so both adapters map them alike. */
const Refuse = {
  token: { code: 'CAN_NOT_GET_GATEWAY_SERVER', msg: 'invalid token, authorized failed' },
  expired: { code: 'CAN_NOT_GET_GATEWAY_SERVER', msg: 'dynamic key or token timeout' },
  uid: { code: 'UID_CONFLICT', msg: 'the uid is already in the channel' },
  publish: { code: 'INVALID_OPERATION', msg: 'an audience cannot publish in a live channel' },
} as const

interface Member {
  peer: RtcPeer
  /** absent for simulated hosts */
  ws?: WebSocket
  /** a live room's viewer: watches only, announced to nobody (Agora's audience role) */
  audience?: boolean
  /** when the member's token runs out (ms), and its warning and expiry timers */
  expiresAt?: number
  timers?: Array<ReturnType<typeof setTimeout>>
}

interface TokenClaims {
  c: string
  u: string
  r: RtcRole
  /** expiry, ms since the epoch */
  e: number
}

/** an event to one member's socket, when it has an open one (simulated hosts have none) */
const write = (ws: WebSocket | undefined, e: RtcServerEvent) => {
  if (ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify(e))
}

/** the tokens this process issues and only it can make (clients know the wire cipher key) */
function tokenSigner(ttlSec: number) {
  const secret = randomBytes(32)
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url')
  const issue = (g: { channel: string; uid: string; role: RtcRole }, ttl = ttlSec): RtcGrant => {
    const body = Buffer.from(JSON.stringify({ c: g.channel, u: g.uid, r: g.role, e: Date.now() + ttl * 1000 } satisfies TokenClaims)).toString('base64url')
    return { token: `h1.${body}.${sign(body)}`, uid: g.uid, expireSeconds: ttl }
  }
  /** the claims of a token this service issued, or null */
  const verify = (token: unknown): TokenClaims | null => {
    if (typeof token !== 'string' || token.length > 1024) return null
    const [v, body, sig] = token.split('.')
    if (v !== 'h1' || !body || !sig) return null
    const want = Buffer.from(sign(body))
    const got = Buffer.from(sig)
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null
    try {
      const c = JSON.parse(Buffer.from(body, 'base64url').toString())
      return typeof c.c === 'string' && typeof c.u === 'string' && (c.r === 'host' || c.r === 'audience') && typeof c.e === 'number' ? c : null
    } catch {
      return null
    }
  }
  return { issue, verify }
}

/** who is in which channel, what each is told when others come, publish and go, and when each
 *  member's token runs out */
function channelRoster(warnMs: number) {
  const channels = new Map<string, Map<string, Member>>()
  const sockets = new Map<WebSocket, { channel: string; uid: string } | null>()
  const others = (channel: string, uid: string) => [...(channels.get(channel)?.values() ?? [])].filter((m) => m.peer.uid !== uid)
  const tell = (channel: string, uid: string, e: RtcServerEvent) => others(channel, uid).forEach((m) => write(m.ws, e))

  const add = (channel: string, member: Member) => {
    let ch = channels.get(channel)
    if (!ch) channels.set(channel, (ch = new Map()))
    const before = ch.get(member.peer.uid)
    if (before?.ws && before.ws !== member.ws) leave(channel, member.peer.uid, 'replaced')
    ch.set(member.peer.uid, member)
    if (member.audience) return
    tell(channel, member.peer.uid, { event: 'user-joined', user: { ...member.peer, media: [] } })
    for (const mediaType of member.peer.media) tell(channel, member.peer.uid, { event: 'user-published', uid: member.peer.uid, mediaType })
  }

  function leave(channel: string, uid: string, reason?: string) {
    const ch = channels.get(channel)
    const member = ch?.get(uid)
    if (!ch || !member) return
    ch.delete(uid)
    member.timers?.forEach(clearTimeout)
    if (member.ws) sockets.set(member.ws, null)
    if (!ch.size) channels.delete(channel)
    if (member.audience) return
    tell(channel, uid, { event: 'user-left', uid, ...(reason && { reason }) })
  }

  // Agora's token lifecycle: 'will-expire' 30 s before, then 'did-expire' and out of the channel
  function expireAt(channel: string, member: Member, at: number) {
    member.timers?.forEach(clearTimeout)
    member.expiresAt = at
    const left = at - Date.now()
    const warn = setTimeout(() => write(member.ws, { event: 'token-privilege-will-expire' }), Math.max(0, left - warnMs))
    const end = setTimeout(() => {
      if (channels.get(channel)?.get(member.peer.uid) !== member) return
      write(member.ws, { event: 'token-privilege-did-expire' })
      leave(channel, member.peer.uid, 'token-expired')
    }, left)
    warn.unref?.()
    end.unref?.()
    member.timers = [warn, end]
  }
  return { channels, sockets, others, tell, add, leave, expireAt }
}

export function createRtcService(ctx: HarnessContext, options: RtcServiceOptions = {}): RtcService {
  const ttlSec = options.tokenTtlSec ?? 3600
  const warnMs = (options.warnBeforeSec ?? 30) * 1000
  const { issue, verify } = tokenSigner(ttlSec)

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 }) // 1 MB frames: nothing the app sends is bigger
  const { channels, sockets, others, tell, add, leave, expireAt } = channelRoster(warnMs)
  const audienceFaults = new Map<string, string>()

  // a uid may be an IM account or a user id; either way show the user's nickname, and their
  // avatar, which the app's generated video animates (a person, not a letter)
  const userOf = (uid: string) => ctx.userByAccid(uid) ?? (/^\d+$/.test(uid) ? ctx.userById(Number(uid)) : undefined)
  const rtcUid = (who: string) => String(ctx.userByAccid(who)?.userId ?? who)
  const nameOf = (uid: string) => userOf(uid)?.nickname ?? uid
  const pictureOf = (uid: string) => userOf(uid)?.icon || undefined

  const onRequest = (ws: WebSocket, req: RtcRequest) => {
    const at = sockets.get(ws)
    if (req.op === 'join') {
      if (typeof req.channel !== 'string' || !req.channel || typeof req.uid !== 'string' || !req.uid)
        return write(ws, { event: 'error', code: 400, msg: 'join needs channel and uid' })
      const audience = req.role === 'audience'
      const claims = verify(req.token)
      // the token names the channel, the uid and the role; an audience token never publishes
      if (!claims || claims.c !== req.channel || claims.u !== req.uid || (claims.r === 'audience' && !audience)) return write(ws, { event: 'error', ...Refuse.token })
      if (claims.e <= Date.now()) return write(ws, { event: 'error', ...Refuse.expired })
      const fault = audience ? audienceFaults.get(req.channel) : undefined
      if (fault) return write(ws, { event: 'error', code: fault, msg: `join refused: ${fault}` })
      const taken = channels.get(req.channel)?.get(req.uid)
      if (taken && taken.ws !== ws) return write(ws, { event: 'error', ...Refuse.uid })
      if (at) leave(at.channel, at.uid, 'rejoined')
      const existing = others(req.channel, req.uid)
        .filter((m) => !m.audience)
        .map((m) => m.peer)
      sockets.set(ws, { channel: req.channel, uid: req.uid })
      const member: Member = { peer: { uid: req.uid, name: nameOf(req.uid), picture: pictureOf(req.uid), media: [] }, ws, ...(audience && { audience }) }
      add(req.channel, member)
      expireAt(req.channel, member, claims.e)
      write(ws, { event: 'joined', channel: req.channel, users: existing })
      write(ws, { event: 'network-quality', uplink: 1, downlink: 1 })
    } else if (req.op === 'renew') {
      const member = at && channels.get(at.channel)?.get(at.uid)
      const claims = verify(req.token)
      if (!at || !member) return write(ws, { event: 'error', code: 403, msg: 'not in a channel' })
      if (!claims || claims.c !== at.channel || claims.u !== at.uid || claims.e <= Date.now() || (claims.r === 'audience' && !member.audience))
        return write(ws, { event: 'error', ...Refuse.token })
      expireAt(at.channel, member, claims.e)
    } else if (req.op === 'publish') {
      if (!at) return write(ws, { event: 'error', code: 403, msg: 'not in a channel' })
      const member = channels.get(at.channel)?.get(at.uid)
      if (!member) return
      if (member.audience) return write(ws, { event: 'error', ...Refuse.publish })
      const media = (Array.isArray(req.media) ? req.media : []).filter((m): m is MediaType => m === 'video' || m === 'audio')
      for (const mediaType of media) {
        if (member.peer.media.includes(mediaType)) continue
        member.peer.media.push(mediaType)
        tell(at.channel, at.uid, { event: 'user-published', uid: at.uid, mediaType })
      }
    } else if (req.op === 'leave') {
      if (at) leave(at.channel, at.uid)
    } else write(ws, { event: 'error', code: 400, msg: `unknown op ${(req as { op?: unknown }).op}` })
  }

  wss.on('connection', (ws) => {
    sockets.set(ws, null)
    ws.on('message', (data, isBinary) => {
      if (isBinary) return
      let req: RtcRequest
      try {
        req = JSON.parse(String(data))
      } catch {
        return
      }
      if (req && typeof req === 'object') onRequest(ws, req)
    })
    const gone = () => {
      const at = sockets.get(ws)
      if (at) leave(at.channel, at.uid, 'network')
      sockets.delete(ws)
    }
    ws.on('close', gone)
    ws.on('error', gone)
  })

  return {
    path: '/rtc',
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
    },
    close() {
      // every connection, joined or refused
      for (const ws of wss.clients) ws.terminate()
      sockets.clear()
      for (const ch of channels.values()) for (const m of ch.values()) m.timers?.forEach(clearTimeout)
      channels.clear()
      audienceFaults.clear()
      wss.close()
    },
    issue,
    hostJoin(channel, who) {
      // one uid scheme: a host is in the channel as its numeric user id, whichever id the caller had
      const uid = rtcUid(who)
      if (channels.get(channel)?.has(uid)) return
      add(channel, { peer: { uid, name: nameOf(uid), picture: pictureOf(uid), media: ['video', 'audio'] } })
    },
    hostLeave: (channel, who) => leave(channel, rtcUid(who), 'quit'),
    setQuality(channel, quality) {
      const q = Math.max(0, Math.min(6, Math.round(quality)))
      for (const m of channels.get(channel)?.values() ?? []) write(m.ws, { event: 'network-quality', uplink: q, downlink: q })
    },
    failAudience(channel, code) {
      if (code) audienceFaults.set(channel, code)
      else audienceFaults.delete(channel)
    },
    channels: () => [...channels].map(([channel, ch]) => ({ channel, uids: [...ch.keys()] })),
    drop(channel) {
      let n = 0
      for (const [ws, at] of sockets) {
        if (channel !== undefined && at?.channel !== channel) continue
        ws.terminate()
        n++
      }
      return n
    },
  }
}

/** Agora's uids are 32-bit unsigned; guests get one from the top of the range, members never reach it */
const GUEST_UID_MIN = 4_000_000_000
const GUEST_UID_MAX = 2 ** 32 - 1

/** The server decides who joins as whom: a member as their user id, a guest as a fresh guest uid.
 *  A publisher ('host') token only for a logged-in party of a call channel; a live channel's
 *  viewers get audience tokens (the live host is simulated by the harness). */
export function rtcToken(ctx: HarnessContext, call: EndpointCall): RtcGrant {
  const rtc = mediaOf(ctx).rtc()
  const channel = call.payload?.channelId
  const role: RtcRole = call.payload?.role === 'audience' ? 'audience' : 'host'
  if (!rtc) throw new EndpointError(Code.refused, 'the video service is not running')
  if (typeof channel !== 'string' || !channel || channel.length > 64) throw new EndpointError(Code.badRequest, 'channelId is required')
  const user = call.user
  if (role === 'host') {
    const me = call.requireUser()
    if (/^live_/.test(channel) && channel !== `live_${me.userId}`) throw new EndpointError(Code.refused, 'a viewer watches a live channel as audience')
    const row = ctx.db.get('calls').find({ channelId: channel }).value() as { hostId?: number; viewerId?: number } | undefined
    if (row && row.hostId !== me.userId && row.viewerId !== me.userId) throw new EndpointError(Code.refused, 'not a party of this call')
  }
  // a guest keeps the guest uid it joined with when it renews (audience only, so nothing to steal)
  const asked = Number(call.payload?.uid)
  const guestUid = Number.isInteger(asked) && asked >= GUEST_UID_MIN && asked < GUEST_UID_MAX ? asked : randomInt(GUEST_UID_MIN, GUEST_UID_MAX)
  const uid = String(user ? user.userId : guestUid)
  return rtc.issue({ channel, uid, role })
}

/** The harness's own endpoint for RTC tokens (not a plugin's: the video service is the kernel's). */
export const rtcSlice: LoadedSlice = { id: 'rtc', slice: { endpoints: { [RTC_TOKEN_PATH]: rtcToken } } }
