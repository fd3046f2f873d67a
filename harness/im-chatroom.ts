// The harness's chat rooms at /chatroom (kernel/im/chatroom-protocol.ts): the live rooms' chat
// and member notifications. Viewers enter with their IM account and token; simulated audiences
// and hosts post through the hub (chatRoomsOf(ctx)), which plugins/live/fake.ts drives.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { ChatRoomMessage, ChatRoomNotice } from '../kernel/im/chatroom.ts'
import type { ChatRoomRequest, ChatRoomServerFrame } from '../kernel/im/chatroom-protocol.ts'
import { CHATROOM_PROHIBITED_CODE } from '../kernel/protocol/official.ts'
import { isVip, toUser, userLevelOf } from '../kernel/protocol/user.ts'
import type { HarnessContext, UpgradeService, UserRow } from './types.ts'

export interface ChatRoomSent {
  roomId: string
  account: string
  text: string
}

/** What the rooms' owner (the live feature's fake) tells the server: who owns a room, and what its filter refuses. */
export interface ChatRoomRules {
  /** the account whose room it is (the real service's creator role): its lines carry the host badge */
  ownerOf(roomId: string): string | null
  /** the same anti-spam check the app asks before sending, applied to what a client sends */
  prohibited(text: string): boolean
  /** a custom message (NIM's type 100) a client may send itself; none unless the rules say so: the
   *  room's custom kinds (gift tips, lucky gifts, wheel results, intimacy, entrances, room signals)
   *  are the server's, and a client sending one would show a gift or end a room for everyone */
  clientMaySend?(custom: Record<string, unknown>): boolean
}

export interface ChatRoomHub {
  /** set who owns which room and what the filter refuses (rooms without rules have no owner and no filter) */
  setRules(rules: ChatRoomRules): void
  /** a line in a room, to everyone in it */
  post(roomId: string, message: Omit<ChatRoomMessage, 'messageClientId' | 'time'> & { messageClientId?: string }, exceptAccount?: string): ChatRoomMessage
  /** a member notification (0 enter, 1 leave, 4 blocked, 5 unblocked), to everyone in the room or to one account */
  notify(roomId: string, notice: ChatRoomNotice, onlyTo?: string): number
  /** close a room: its viewers are told and disconnected */
  close(roomId: string, reason: string): number
  /** viewers (real sockets) in a room */
  members(roomId: string): string[]
  /** lines sent by viewers (a simulated host may answer) */
  onSend(fn: (m: ChatRoomSent) => void): () => void
  /** drop the viewers' sockets (one room or all) to simulate a network loss */
  drop(roomId?: string): number
}

const hubs = new WeakMap<HarnessContext, ChatRoomHub & { attach(ws: WebSocket): void; closeAll(): void }>()

export function chatRoomsOf(ctx: HarnessContext) {
  let hub = hubs.get(ctx)
  if (!hub) hubs.set(ctx, (hub = createHub(ctx)))
  return hub
}

/** a client's custom message, as JSON, at most (the IM intake's attachment bound) */
const MAX_CUSTOM_CHARS = 16_384

const NO_RULES: ChatRoomRules = { ownerOf: () => null, prohibited: () => false }

/** a member's name and badges, from the account's own record: never what the client says of itself */
function memberOf(user: UserRow, roomId: string, rules: ChatRoomRules) {
  const u = toUser(user as unknown as Record<string, unknown>)
  const ext = { userLevel: userLevelOf(user) ?? 0, isVip: isVip(u, Date.now()), isNewUser: !!u.isNewUser, isHost: rules.ownerOf(roomId) === user.yxAccid }
  return { roomId, account: user.yxAccid, nick: user.nickname || user.yxAccid, ext }
}

function createHub(ctx: HarnessContext) {
  const sockets = new Map<WebSocket, { roomId: string; account: string; nick: string; ext: Record<string, unknown> } | null>()
  let rules = NO_RULES
  const listeners = new Set<(m: ChatRoomSent) => void>()
  let seq = 0
  const send = (ws: WebSocket, f: ChatRoomServerFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(f))
  }
  // a socket's lines of one turn go as one list, as NIM hands a room's messages to its listener
  // in lists (onReceiveMessages): a busy room is not a frame, and a task in the page, per line
  const queued = new Map<WebSocket, ChatRoomMessage[]>()
  const flush = (ws: WebSocket) => {
    const list = queued.get(ws)
    if (!list) return
    queued.delete(ws)
    send(ws, { event: 'messages', data: list })
  }
  const queue = (ws: WebSocket, m: ChatRoomMessage) => {
    const list = queued.get(ws)
    if (list) return void list.push(m)
    queued.set(ws, [m])
    setImmediate(() => flush(ws))
  }
  /** any other frame goes after the lines queued before it */
  const write = (ws: WebSocket, f: ChatRoomServerFrame) => {
    flush(ws)
    send(ws, f)
  }
  const inRoom = (roomId: string) => [...sockets].filter(([, s]) => s?.roomId === roomId).map(([ws]) => ws)
  const stamp = (m: Omit<ChatRoomMessage, 'messageClientId' | 'time'> & { messageClientId?: string }): ChatRoomMessage => ({
    ...m,
    messageClientId: m.messageClientId || `r${++seq}`,
    time: Date.now(),
  })

  const handle = (ws: WebSocket, req: ChatRoomRequest): unknown => {
    const me = sockets.get(ws)
    if (req.op === 'enter') {
      const user = typeof req.account === 'string' ? ctx.userByAccid(req.account) : null
      if (!user || user.imToken !== req.token) throw Object.assign(new Error('wrong account or token'), { code: 302 })
      if (typeof req.roomId !== 'string' || !req.roomId) throw Object.assign(new Error('roomId must be a string'), { code: 414 })
      // the nick and badges a client offers are ignored: the server stamps them from the account
      sockets.set(ws, memberOf(user, req.roomId, rules))
      return { roomId: req.roomId }
    }
    if (!me) throw Object.assign(new Error('not in a room'), { code: 403 })
    if (req.op === 'leave') {
      sockets.set(ws, null)
      return null
    }
    if (req.op === 'send') {
      if (req.custom !== undefined) {
        const kind = req.custom && typeof req.custom === 'object' ? String((req.custom as { type?: unknown }).type ?? '') : ''
        if (!req.custom || typeof req.custom !== 'object' || Array.isArray(req.custom) || !rules.clientMaySend?.(req.custom))
          throw Object.assign(new Error(`a client may not send the custom kind '${kind.slice(0, 40)}': only the server sends it`), { code: 403 })
        if (JSON.stringify(req.custom).length > MAX_CUSTOM_CHARS) throw Object.assign(new Error('custom message too large'), { code: 414 })
        return hub.post(me.roomId, { from: me.account, fromNick: me.nick, custom: req.custom, ext: me.ext }, me.account)
      }
      if (typeof req.text !== 'string' || !req.text.trim()) throw Object.assign(new Error('text must not be empty'), { code: 414 })
      if (rules.prohibited(req.text)) throw Object.assign(new Error('prohibited terms'), { code: CHATROOM_PROHIBITED_CODE })
      // like NIM, a sender gets its own line in the reply, not as an event; its name and badges are the server's
      const m = hub.post(me.roomId, { from: me.account, fromNick: me.nick, text: req.text.slice(0, 500), ext: me.ext }, me.account)
      for (const fn of [...listeners]) {
        try {
          fn({ roomId: me.roomId, account: me.account, text: req.text })
        } catch (err) {
          ctx.log('chat room listener failed', err)
        }
      }
      return m
    }
    throw Object.assign(new Error(`unknown op ${(req as { op?: unknown }).op}`), { code: 400 })
  }

  const hub = {
    setRules(next: ChatRoomRules) {
      rules = next
    },
    attach(ws: WebSocket) {
      sockets.set(ws, null)
      ws.on('message', (data, isBinary) => {
        if (isBinary) return
        let req: ChatRoomRequest
        try {
          req = JSON.parse(String(data))
        } catch {
          return
        }
        if (!req || typeof req !== 'object' || typeof req.id !== 'number') return
        try {
          write(ws, { id: req.id, ok: true, data: handle(ws, req) ?? null })
        } catch (err) {
          const code = typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 500
          write(ws, { id: req.id, ok: false, code, msg: (err as Error).message })
        }
      })
      const gone = () => {
        sockets.delete(ws)
        queued.delete(ws)
      }
      ws.on('close', gone)
      ws.on('error', gone)
    },
    closeAll() {
      for (const ws of sockets.keys()) ws.terminate()
      sockets.clear()
      queued.clear()
    },
    post(roomId, message, exceptAccount) {
      const m = stamp(message)
      for (const ws of inRoom(roomId)) if (!exceptAccount || sockets.get(ws)?.account !== exceptAccount) queue(ws, m)
      return m
    },
    notify(roomId, notice, onlyTo) {
      const list = inRoom(roomId).filter((ws) => !onlyTo || sockets.get(ws)?.account === onlyTo)
      for (const ws of list) write(ws, { event: 'notification', data: notice })
      return list.length
    },
    close(roomId, reason) {
      const list = inRoom(roomId)
      for (const ws of list) {
        write(ws, { event: 'closed', reason })
        sockets.set(ws, null)
      }
      return list.length
    },
    members: (roomId) => inRoom(roomId).map((ws) => sockets.get(ws)!.account),
    onSend(fn) {
      listeners.add(fn)
      return () => void listeners.delete(fn)
    },
    drop(roomId) {
      let n = 0
      for (const [ws, s] of sockets) {
        if (roomId !== undefined && s?.roomId !== roomId) continue
        ws.terminate()
        sockets.delete(ws)
        n++
      }
      return n
    },
  } satisfies ChatRoomHub & { attach(ws: WebSocket): void; closeAll(): void }
  return hub
}

/** The /chatroom WebSocket service, serving the context's hub. */
export function createChatRoomService(ctx: HarnessContext): UpgradeService {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 }) // 1 MB frames: nothing the app sends is bigger
  const hub = chatRoomsOf(ctx)
  wss.on('connection', (ws) => hub.attach(ws))
  return {
    path: '/chatroom',
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
    },
    close() {
      hub.closeAll()
      // wss.close() leaves open connections open: end them, as the other services do
      for (const ws of wss.clients) ws.terminate()
      wss.close()
    },
  }
}
