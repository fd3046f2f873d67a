// The realtime push server at /ws (NET-05). A client proves who it is with its login token,
// AES-encrypted in the query; unknown tokens are closed with 4401. The server remembers what
// each connection last reported (status, heartbeat channel) so scenarios and tests can see
// whether the app is in a call, and sends pushes as {msgId, pushType, data}.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { decrypt } from '../kernel/protocol/cipher.ts'
import { ClientMessageType, type ServerPush } from '../kernel/protocol/push.ts'
import type { HarnessContext, UpgradeService } from './types.ts'

export interface RealtimeService extends UpgradeService {
  push(userId: number, pushType: string, data: Record<string, unknown>): number
  /** send a raw text frame, for malformed-push tests */
  pushRaw(userId: number, text: string): number
  broadcast(pushType: string, data: Record<string, unknown>): number
  /** close the sockets of one user (or everyone) to simulate a dropped connection */
  drop(userId?: number): number
  connected(): Array<{ userId: number; onlineStatus: number; channelId: string; lastHeartbeat: number }>
}

/** how often open sockets' tokens are checked again: a revoked session stops receiving within this */
const REVOKE_SWEEP_MS = 1000

/** close code for a missing, undecryptable or unknown token */
export const UNAUTHORIZED_CLOSE = 4401

interface Conn {
  userId: number
  /** the login token it proved itself with: revoked, the socket is closed */
  token: string
  onlineStatus: number
  channelId: string
  lastHeartbeat: number
}

export function createRealtimeService(ctx: HarnessContext): RealtimeService {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 }) // 1 MB frames: nothing the app sends is bigger
  const conns = new Map<WebSocket, Conn>()
  let seq = 0
  // unique across harness restarts too, so a client's duplicate filter never eats a new push
  const epoch = Date.now().toString(36)
  const nextId = () => `${epoch}-${++seq}`

  const tokenOf = (req: IncomingMessage): string | null => {
    const enc = new URL(req.url ?? '/', 'http://harness').searchParams.get('token')
    if (!enc) return null
    try {
      const token = decrypt(enc, ctx.keys)
      return typeof token === 'string' ? token : null
    } catch {
      // the setting wsToken 'plain' plays the app-config switch: the login token as it is (unknown ones are closed all the same)
      return ctx.settings().wsToken === 'plain' ? enc : null
    }
  }

  const sendTo = (filter: (c: Conn) => boolean, text: string) => {
    let n = 0
    // encoded once, not once per socket (a broadcast to a crowd)
    const data = Buffer.from(text)
    for (const [ws, c] of conns) {
      if (!filter(c) || ws.readyState !== ws.OPEN) continue
      ws.send(data, { binary: false })
      n++
    }
    return n
  }
  const frame = (pushType: string, data: Record<string, unknown>) =>
    JSON.stringify({ msgId: nextId(), pushType, data } satisfies ServerPush)

  const onFrame = (c: Conn, raw: string) => {
    let m: { messageType?: unknown; onlineStatus?: unknown; channelId?: unknown }
    try {
      m = JSON.parse(raw)
    } catch {
      return
    }
    if (!m || typeof m !== 'object') return
    if (m.messageType === ClientMessageType.status && typeof m.onlineStatus === 'number') c.onlineStatus = m.onlineStatus
    else if (m.messageType === ClientMessageType.heartbeat) {
      c.channelId = typeof m.channelId === 'string' ? m.channelId : ''
      c.lastHeartbeat = Date.now()
    }
  }

  // close (4401) every socket whose login token the server no longer knows (revoked, logged out)
  const closeRevoked = () => {
    let n = 0
    for (const [ws, c] of conns) {
      if (ctx.userByToken(c.token)?.userId === c.userId) continue
      conns.delete(ws)
      ws.close(UNAUTHORIZED_CLOSE, 'revoked')
      n++
    }
    return n
  }
  const sweep = setInterval(closeRevoked, REVOKE_SWEEP_MS)
  sweep.unref?.()

  return {
    path: '/ws',
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const token = tokenOf(req)
      const user = ctx.userByToken(token)
      wss.handleUpgrade(req, socket, head, (ws) => {
        // the handshake completes first so the client sees a close code, not a network error
        if (!user || !token) return ws.close(UNAUTHORIZED_CLOSE, 'unauthorized')
        const c: Conn = { userId: user.userId, token, onlineStatus: 0, channelId: '', lastHeartbeat: 0 }
        conns.set(ws, c)
        ws.on('message', (data, isBinary) => {
          if (!isBinary) onFrame(c, String(data))
        })
        ws.on('close', () => conns.delete(ws))
        ws.on('error', () => conns.delete(ws))
        ctx.log(`ws: user ${user.userId} connected`)
      })
    },
    close() {
      clearInterval(sweep)
      for (const ws of conns.keys()) ws.terminate()
      conns.clear()
      wss.close()
    },
    push: (userId, pushType, data) => sendTo((c) => c.userId === userId, frame(pushType, data)),
    pushRaw: (userId, text) => sendTo((c) => c.userId === userId, text),
    broadcast: (pushType, data) => sendTo(() => true, frame(pushType, data)),
    drop(userId) {
      let n = 0
      for (const [ws, c] of conns) {
        if (userId !== undefined && c.userId !== userId) continue
        ws.terminate()
        conns.delete(ws)
        n++
      }
      return n
    },
    connected: () => [...conns.values()].map((c) => ({ ...c })),
  }
}
