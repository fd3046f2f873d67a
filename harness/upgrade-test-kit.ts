// Test kit for the WebSocket services: a minimal HarnessContext over a few users, and a bare
// HTTP server that routes upgrades by path the way the harness server does.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import type { HarnessContext, UpgradeService, UserRow } from './types.ts'

export const testKeys = { key: 'hv7Qm2Lx9Rt4Wc8Z', iv: 'Kp3Ns6Dy1Fg5Jb0V' }

export function user(userId: number, extra: Partial<UserRow> = {}): UserRow {
  return {
    userId,
    nickname: `User ${userId}`,
    token: `token-${userId}`,
    yxAccid: `acc${userId}`,
    imToken: `im-${userId}`,
    diamondNum: 0,
    userType: 1,
    icon: '',
    ...extra,
  }
}

export function fakeCtx(users: UserRow[]): HarnessContext {
  return {
    keys: testKeys,
    db: null,
    settings: () => ({ billingPeriodSec: 60, hostTickMs: 0 }),
    move: () => {
      throw new Error('not in this test')
    },
    push: () => 0,
    broadcast: () => 0,
    userByToken: (t) => (t ? (users.find((u) => u.token === t) ?? null) : null),
    userById: (id) => users.find((u) => u.userId === id) ?? null,
    userByAccid: (a) => users.find((u) => u.yxAccid === a) ?? null,
    baseUrl: () => 'http://127.0.0.1',
    sign: (purpose, text) => `${purpose}:${text}`,
    log: () => {},
  }
}

export async function serve(...services: UpgradeService[]): Promise<{ base: string; server: Server; close(): Promise<void> }> {
  const server = createServer((_, res) => res.writeHead(404).end())
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const service = services.find((s) => s.path === path)
    if (service) service.handleUpgrade(req, socket, head)
    else socket.destroy()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    base: `ws://127.0.0.1:${port}`,
    server,
    async close() {
      services.forEach((s) => s.close())
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}

/** A ws client that keeps every frame (parsed when JSON), so a test can await the next one. */
export async function client(url: string) {
  const ws = new WebSocket(url)
  const inbox: any[] = []
  const frames: any[] = []
  const waiters: Array<(v: any) => void> = []
  ws.on('message', (d) => {
    let v: any = String(d)
    try {
      v = JSON.parse(v)
    } catch {
      // kept as text: malformed-frame tests look at it
    }
    frames.push(v)
    const w = waiters.shift()
    if (w) w(v)
    else inbox.push(v)
  })
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return {
    ws,
    closed,
    send: (v: unknown) => ws.send(typeof v === 'string' ? v : JSON.stringify(v)),
    next: () => (inbox.length ? Promise.resolve(inbox.shift()) : new Promise<any>((r) => waiters.push(r))),
    /** frames not yet taken by next() */
    inbox,
    /** every frame received, in order */
    frames,
  }
}
