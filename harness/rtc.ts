// The harness RTC signalling service at /rtc (kernel/rtc/protocol.ts). Viewers join channels
// over WebSocket; simulated hosts join and leave by hostJoin/hostLeave and always publish
// video and audio. The app draws a host as a generated video, so no media flows here.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { MediaType, RtcPeer, RtcRequest, RtcServerEvent } from '../kernel/rtc/protocol.ts'
import type { HarnessContext, UpgradeService } from './types.ts'

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
}

interface Member {
  peer: RtcPeer
  /** absent for simulated hosts */
  ws?: WebSocket
  /** a live room's viewer: watches only, announced to nobody (Agora's audience role) */
  audience?: boolean
}

export function createRtcService(ctx: HarnessContext): RtcService {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 }) // 1 MB frames: nothing the app sends is bigger
  const channels = new Map<string, Map<string, Member>>()
  const sockets = new Map<WebSocket, { channel: string; uid: string } | null>()
  const audienceFaults = new Map<string, string>()

  // a uid may be an IM account or a user id; either way show the user's nickname, and their
  // avatar, which the app's generated video animates (a person, not a letter)
  const userOf = (uid: string) => ctx.userByAccid(uid) ?? (/^\d+$/.test(uid) ? ctx.userById(Number(uid)) : undefined)
  const nameOf = (uid: string) => userOf(uid)?.nickname ?? uid
  const pictureOf = (uid: string) => userOf(uid)?.icon || undefined

  const write = (ws: WebSocket | undefined, e: RtcServerEvent) => {
    if (ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify(e))
  }
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
    if (member.ws) sockets.set(member.ws, null)
    if (!ch.size) channels.delete(channel)
    if (member.audience) return
    tell(channel, uid, { event: 'user-left', uid, ...(reason && { reason }) })
  }

  const onRequest = (ws: WebSocket, req: RtcRequest) => {
    const at = sockets.get(ws)
    if (req.op === 'join') {
      if (typeof req.channel !== 'string' || !req.channel || typeof req.uid !== 'string' || !req.uid)
        return write(ws, { event: 'error', code: 400, msg: 'join needs channel and uid' })
      const audience = req.role === 'audience'
      const fault = audience ? audienceFaults.get(req.channel) : undefined
      if (fault) return write(ws, { event: 'error', code: fault, msg: `join refused: ${fault}` })
      if (at) leave(at.channel, at.uid, 'rejoined')
      const existing = others(req.channel, req.uid)
        .filter((m) => !m.audience)
        .map((m) => m.peer)
      sockets.set(ws, { channel: req.channel, uid: req.uid })
      add(req.channel, { peer: { uid: req.uid, name: nameOf(req.uid), picture: pictureOf(req.uid), media: [] }, ws, ...(audience && { audience }) })
      write(ws, { event: 'joined', channel: req.channel, users: existing })
      write(ws, { event: 'network-quality', uplink: 1, downlink: 1 })
    } else if (req.op === 'publish') {
      if (!at) return write(ws, { event: 'error', code: 403, msg: 'not in a channel' })
      const member = channels.get(at.channel)?.get(at.uid)
      if (!member) return
      if (member.audience) return write(ws, { event: 'error', code: 403, msg: 'an audience does not publish' })
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
      channels.clear()
      audienceFaults.clear()
      wss.close()
    },
    hostJoin(channel, uid) {
      if (channels.get(channel)?.has(uid)) return
      add(channel, { peer: { uid, name: nameOf(uid), picture: pictureOf(uid), media: ['video', 'audio'] } })
    },
    hostLeave: (channel, uid) => leave(channel, uid, 'quit'),
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
