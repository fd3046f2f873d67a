// The harness IM service at /im, speaking the protocol of kernel/im/protocol.ts. Accounts are
// the users' yxAccid, checked against their imToken. Conversations and messages live in
// memory: a restart of the harness starts every chat afresh, like a fresh install.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { ImCode } from '../kernel/im/errors.ts'
import { p2pConversationId, type ImOutgoing, type ImReply, type ImRequest, type ImServerEvent } from '../kernel/im/protocol.ts'
import type { ImConversation, ImMessage } from '../kernel/im/types.ts'
import { parseJson } from '../kernel/protocol/json.ts'
import { CLIENT_MESSAGE_TYPES, OFFICIAL_ATTACH_TYPES, SERVER_SENT_KEY } from '../kernel/protocol/official.ts'
import type { HarnessContext, UpgradeService } from './types.ts'
import { hasBlocked } from './blocks.ts'

export interface ImDelivered {
  from: string
  to: string
  message: ImMessage
}

export interface ImService extends UpgradeService {
  /** deliver a message from one account to another (a host greeting, a robot invitation), marked as the
   *  server's own send; `asClient` leaves the mark off: what a server that let a client's forgery through
   *  would deliver (to prove the app's own check) */
  send(from: string, to: string, message: { text?: string; messageType?: number; attachment?: Record<string, unknown>; serverExtension?: string }, o?: { asClient?: boolean }): void
  /** make the next logins of an account fail with a code (e.g. -10005) */
  failNextLogins(account: string, code: number, times: number): void
  drop(account?: string): number
  /** send a service error code to an account's open connections (e.g. -10002 kicked) */
  raiseError(account: string, code: number): number
  /** every message sent, by a client or by send(): simulated hosts reply from here */
  onMessage(fn: (m: ImDelivered) => void): () => void
  /** messages between two accounts, oldest first */
  history(a: string, b: string): ImMessage[]
  /** make the next sends of an account fail with a code (a failed send, IM-02) */
  failNextSends(account: string, times: number, code?: number): void
  /** the accounts with an open, logged-in connection */
  online(): string[]
  /** forget every message, conversation and queued failure (the harness reset); connections stay */
  reset(): void
}

interface Stored {
  serverId: string
  clientId: string
  from: string
  to: string
  messageType: number
  text?: string
  attachment?: { raw?: string; [k: string]: unknown }
  serverExtension?: string
  createTime: number
}

interface Conv {
  pinned?: boolean
  replied?: boolean
  unread: number
  updateTime: number
  last?: Stored
}

/** one page of history at most (a client pages back with `before`) */
const MAX_HISTORY = 100
const MAX_CONVERSATIONS = 200

const objectOf = (v: unknown): Record<string, unknown> | null => {
  let o = v
  if (typeof v === 'string') {
    try {
      o = parseJson(v)
    } catch {
      return null
    }
  }
  return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : null
}

/** the server's own sends carry its mark (kernel/protocol/official.ts), kept beside any extension it was given */
const markServerSent = (serverExtension: string | undefined) => {
  const ext = objectOf(serverExtension) ?? {}
  return JSON.stringify({ ...ext, [SERVER_SENT_KEY]: 1 })
}

/** why a client may not send this: an official type, card or mark (only the server says those), else null */
const forbiddenForClient = (m: ImOutgoing): string | null => {
  if (!CLIENT_MESSAGE_TYPES.includes(m.messageType)) return `messageType ${m.messageType} is the server's`
  const ext = objectOf(m.serverExtension)
  if (m.serverExtension !== undefined && !ext) return 'serverExtension must be a JSON object'
  if (ext && (SERVER_SENT_KEY in ext || 'viewFlag' in ext)) return 'serverExtension carries a field only the server sets'
  const raw = m.messageType === 100 ? (objectOf(m.attachment?.raw) ?? m.attachment) : null
  if (raw && OFFICIAL_ATTACH_TYPES.includes(String(raw.attachType))) return `attachType ${String(raw.attachType)} is the server's`
  return null
}

const clampLimit = (v: unknown, dflt: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.min(Math.floor(v), max) : dflt

class BadRequest extends Error {
  code: number = ImCode.badRequest
}
const str = (v: unknown, name: string) => {
  if (typeof v !== 'string' || !v) throw new BadRequest(`${name} must be a non-empty string`)
  return v
}

/** the checks a client's send passes before it is stored: a well-formed message of a type a client may send */
function checkClientMessage(m: ImOutgoing) {
  if (!m || typeof m !== 'object' || typeof m.messageType !== 'number') throw new BadRequest('message.messageType must be a number')
  if (m.messageType === 0 && (typeof m.text !== 'string' || !m.text.trim())) throw new BadRequest('text must not be empty')
  if (m.attachment !== undefined && (typeof m.attachment !== 'object' || m.attachment === null)) throw new BadRequest('attachment must be an object')
  checkMessageSize(m)
  const forbidden = forbiddenForClient(m)
  if (forbidden) throw Object.assign(new Error(forbidden), { code: ImCode.forbidden })
}

/** ENG-11: the recipient blocked the sender (the server's block records): her messages do not reach him */
const blockedBy = (ctx: HarnessContext, to: string, from: string) => hasBlocked(ctx, ctx.userByAccid(to)?.userId, ctx.userByAccid(from)?.userId)

/** Failures queued by account (a refused login, a failed send), each used up once. */
function createFailures() {
  const queued = new Map<string, { code: number; times: number }>()
  return {
    set(account: string, code: number, times: number) {
      if (times > 0) queued.set(account, { code, times })
      else queued.delete(account)
    },
    /** throws the next queued failure of this account, if any */
    take(account: string, what: string) {
      const fail = queued.get(account)
      if (!fail || fail.times <= 0) return
      if (--fail.times === 0) queued.delete(account)
      throw Object.assign(new Error(what), { code: fail.code })
    },
    clear: () => queued.clear(),
  }
}

/** The messages and each side's conversations, in memory. */
function createMailbox(ctx: HarnessContext) {
  const messages: Stored[] = []
  const convs = new Map<string, Map<string, Conv>>() // owner -> peer -> state
  let seq = 0
  let lastTime = 0
  const now = () => (lastTime = Math.max(Date.now(), lastTime + 1))

  const conv = (owner: string, peer: string) => {
    let byPeer = convs.get(owner)
    if (!byPeer) convs.set(owner, (byPeer = new Map()))
    let c = byPeer.get(peer)
    if (!c) byPeer.set(peer, (c = { unread: 0, updateTime: 0 }))
    return c
  }

  // A stored message as one side of the conversation sees it.
  const view = (m: Stored, viewer: string): ImMessage => ({
    messageClientId: m.clientId,
    messageServerId: m.serverId,
    senderId: m.from,
    conversationId: p2pConversationId(viewer, viewer === m.from ? m.to : m.from),
    messageType: m.messageType,
    ...(m.text !== undefined && { text: m.text }),
    ...(m.attachment && { attachment: m.attachment }),
    ...(m.serverExtension !== undefined && { serverExtension: m.serverExtension }),
    createTime: m.createTime,
    fromNick: ctx.userByAccid(m.from)?.nickname ?? m.from,
  })

  const conversationOf = (owner: string, peer: string): ImConversation => {
    const c = conv(owner, peer)
    return {
      conversationId: p2pConversationId(owner, peer),
      to: peer,
      ...(c.last && { lastMessage: view(c.last, owner) }),
      unreadCount: c.unread,
      ...(c.pinned && { isPin: true }),
      isReply: !!c.replied,
      updateTime: c.updateTime,
    }
  }

  const historyOf = (a: string, b: string) => messages.filter((m) => (m.from === a && m.to === b) || (m.from === b && m.to === a))

  return {
    conv,
    view,
    conversationOf,
    historyOf,
    /** store a message: the sender's conversation counts as replied, the receiver's as one more unread */
    store(from: string, to: string, out: Omit<ImOutgoing, 'messageClientId'> & { messageClientId?: string }): Stored {
      const m: Stored = {
        serverId: String(++seq),
        clientId: out.messageClientId || `s${seq}`,
        from,
        to,
        messageType: out.messageType,
        ...(out.text !== undefined && { text: out.text }),
        ...(out.attachment && { attachment: out.attachment }),
        ...(out.serverExtension !== undefined && { serverExtension: out.serverExtension }),
        createTime: now(),
      }
      messages.push(m)
      const mine = conv(from, to)
      mine.replied = true
      mine.last = m
      mine.updateTime = m.createTime
      const theirs = conv(to, from)
      theirs.last = m
      theirs.updateTime = m.createTime
      theirs.unread++
      return m
    },
    /** an account's conversations, latest first */
    conversationsOf: (me: string, limit: number) =>
      [...(convs.get(me)?.keys() ?? [])]
        .map((peer) => conversationOf(me, peer))
        .sort((a, b) => b.updateTime - a.updateTime)
        .slice(0, limit),
    reset() {
      messages.length = 0
      convs.clear()
    },
  }
}

interface RequestDeps {
  ctx: HarnessContext
  mailbox: ReturnType<typeof createMailbox>
  loginFailures: ReturnType<typeof createFailures>
  sendFailures: ReturnType<typeof createFailures>
  deliver: (from: string, to: string, out: ImOutgoing) => Stored
  notifyConversation: (owner: string, peer: string) => void
}

/** A client's requests on its connection (`state`: the account it logged in as): the answer, or a throw with its code. */
function createRequests({ ctx, mailbox, loginFailures, sendFailures, deliver, notifyConversation }: RequestDeps) {
  const login = (state: { account: string | null }, req: Extract<ImRequest, { op: 'login' }>) => {
    const account = str(req.account, 'account')
    loginFailures.take(account, 'login refused')
    const user = ctx.userByAccid(account)
    if (!user || !req.token || user.imToken !== req.token) throw Object.assign(new Error('wrong account or token'), { code: ImCode.auth })
    state.account = account
    return { account }
  }

  return (state: { account: string | null }, req: ImRequest): unknown => {
    if (req.op === 'login') return login(state, req)
    const me = state.account
    if (!me) throw Object.assign(new Error('not logged in'), { code: ImCode.forbidden })
    switch (req.op) {
      case 'logout':
        state.account = null
        return null
      case 'send': {
        const to = str(req.to, 'to')
        sendFailures.take(me, 'send refused')
        checkClientMessage(req.message)
        // as NIM's block list: the sender's send fails with V2NIM_ERROR_CODE_ACCOUNT_IN_BLOCK_LIST
        if (blockedBy(ctx, to, me)) throw Object.assign(new Error('account in block list'), { code: ImCode.inBlockList })
        return mailbox.view(deliver(me, to, req.message), me)
      }
      case 'conversations':
        return mailbox.conversationsOf(me, clampLimit(req.limit, 100, MAX_CONVERSATIONS))
      case 'history': {
        const to = str(req.to, 'to')
        const limit = clampLimit(req.limit, 50, MAX_HISTORY)
        const before = typeof req.before === 'number' && Number.isFinite(req.before) ? req.before : Infinity
        return mailbox
          .historyOf(me, to)
          .filter((m) => m.createTime < before)
          .slice(-limit)
          .map((m) => mailbox.view(m, me))
      }
      case 'pin': {
        const to = str(req.to, 'to')
        mailbox.conv(me, to).pinned = !!req.on
        notifyConversation(me, to)
        return null
      }
      case 'markRead': {
        const to = str(req.to, 'to')
        mailbox.conv(me, to).unread = 0
        notifyConversation(me, to)
        return null
      }
      default:
        throw new BadRequest(`unknown op ${(req as { op?: unknown }).op}`)
    }
  }
}

export function createImService(ctx: HarnessContext): ImService {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 }) // 1 MB frames: nothing the app sends is bigger
  const sockets = new Map<WebSocket, { account: string | null }>()
  const mailbox = createMailbox(ctx)
  const loginFailures = createFailures()
  const sendFailures = createFailures()
  const listeners = new Set<(m: ImDelivered) => void>()

  const socketsOf = (account: string) => [...sockets].filter(([, s]) => s.account === account).map(([ws]) => ws)
  const write = (ws: WebSocket, frame: ImReply | ImServerEvent) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame))
  }

  const notifyConversation = (owner: string, peer: string) => {
    const data = [mailbox.conversationOf(owner, peer)]
    for (const ws of socketsOf(owner)) write(ws, { event: 'conversations-changed', data })
  }

  const deliver = (from: string, to: string, out: Omit<ImOutgoing, 'messageClientId'> & { messageClientId?: string }) => {
    const m = mailbox.store(from, to, out)
    for (const ws of socketsOf(to)) write(ws, { event: 'message', data: mailbox.view(m, to) })
    notifyConversation(to, from)
    notifyConversation(from, to)
    const delivered = { from, to, message: mailbox.view(m, to) }
    for (const fn of [...listeners]) {
      try {
        fn(delivered)
      } catch (err) {
        ctx.log('im listener failed', err)
      }
    }
    return m
  }

  const handle = createRequests({ ctx, mailbox, loginFailures, sendFailures, deliver, notifyConversation })

  wss.on('connection', (ws) => {
    const state = { account: null as string | null }
    sockets.set(ws, state)
    ws.on('message', (data, isBinary) => {
      if (isBinary) return
      let req: ImRequest
      try {
        req = JSON.parse(String(data))
      } catch {
        return // not our protocol: ignore, like the real service
      }
      if (!req || typeof req !== 'object' || typeof req.id !== 'number') return
      try {
        write(ws, { id: req.id, ok: true, data: handle(state, req) ?? null })
      } catch (err) {
        const code = typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 500
        write(ws, { id: req.id, ok: false, code, msg: (err as Error).message })
      }
    })
    ws.on('close', () => sockets.delete(ws))
    ws.on('error', () => sockets.delete(ws))
  })

  return {
    path: '/im',
    reset() {
      mailbox.reset()
      loginFailures.clear()
      sendFailures.clear()
    },
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
    },
    close() {
      for (const ws of sockets.keys()) ws.terminate()
      sockets.clear()
      wss.close()
    },
    send(from, to, message, o) {
      // a greeting or invitation in the name of a host the recipient blocked is not delivered either
      if (blockedBy(ctx, to, from)) return void ctx.log('im: not delivered, blocked by the recipient', from, '->', to)
      deliver(from, to, {
        messageType: message.messageType ?? 0,
        ...(message.text !== undefined && { text: message.text }),
        ...(message.attachment && { attachment: message.attachment }),
        ...(o?.asClient ? message.serverExtension !== undefined && { serverExtension: message.serverExtension } : { serverExtension: markServerSent(message.serverExtension) }),
      })
    },
    failNextLogins: (account, code, times) => loginFailures.set(account, code, times),
    drop(account) {
      let n = 0
      for (const [ws, s] of sockets) {
        if (account !== undefined && s.account !== account) continue
        ws.terminate()
        sockets.delete(ws)
        n++
      }
      return n
    },
    raiseError(account, code) {
      const list = socketsOf(account)
      for (const ws of list) write(ws, { event: 'error', data: { code } })
      return list.length
    },
    onMessage(fn) {
      listeners.add(fn)
      return () => void listeners.delete(fn)
    },
    history: (a, b) => mailbox.historyOf(a, b).map((m) => mailbox.view(m, a)),
    failNextSends: (account, times, code = 500) => sendFailures.set(account, code, times),
    online: () => [...new Set([...sockets.values()].map((s) => s.account).filter((a): a is string => !!a))],
  }
}

/** The real IM server's limits on what it stores (text 5000 characters; an attachment is a small
 *  description of a file kept elsewhere, never the file): 50 one-megabyte attachments once grew the harness by 70 MB. */
const MESSAGE_LIMITS = { text: 5000, attachmentChars: 16 * 1024, serverExtension: 1024 }
function checkMessageSize(m: { text?: unknown; attachment?: unknown; serverExtension?: unknown }) {
  const fail = (why: string) => Object.assign(new Error(why), { code: ImCode.badRequest })
  if (typeof m.text === 'string' && m.text.length > MESSAGE_LIMITS.text) throw fail(`text is longer than ${MESSAGE_LIMITS.text} characters`)
  if (m.attachment !== undefined && JSON.stringify(m.attachment).length > MESSAGE_LIMITS.attachmentChars) throw fail(`attachment is larger than ${MESSAGE_LIMITS.attachmentChars} characters`)
  if (m.serverExtension != null && String(m.serverExtension).length > MESSAGE_LIMITS.serverExtension) throw fail(`serverExtension is longer than ${MESSAGE_LIMITS.serverExtension} characters`)
}
