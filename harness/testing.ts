// Test helpers: a harness on a free port with a temporary state file, recording doubles for
// the WebSocket services, and an API caller that speaks the real envelope.
import { request } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decrypt, encrypt } from '../kernel/protocol/cipher.ts'
import { Header, type Envelope } from '../kernel/protocol/envelope.ts'
import * as imModule from './im.ts'
import type { ImService } from './im.ts'
import type { RealtimeService } from './realtime.ts'
import * as rtcModule from './rtc.ts'
import type { RtcService } from './rtc.ts'
import { fixture } from './seed.ts'
import { startHarness, type Harness, type HarnessOptions } from './server.ts'

interface SentPush {
  userId: number | 'all'
  pushType?: string
  data?: Record<string, unknown>
  raw?: string
}

/** A realtime double that records what it would have sent; every user counts as one socket. */
function recordingRealtime(): RealtimeService & { sent: SentPush[] } {
  const sent: SentPush[] = []
  return {
    path: '/ws',
    sent,
    handleUpgrade: (_req, socket) => socket.destroy(),
    close() {},
    push: (userId, pushType, data) => (sent.push({ userId, pushType, data }), 1),
    pushRaw: (userId, raw) => (sent.push({ userId, raw }), 1),
    broadcast: (pushType, data) => (sent.push({ userId: 'all', pushType, data }), 1),
    drop: () => 0,
    connected: () => [],
  }
}

const idle = (path: string) => ({ path, handleUpgrade: (_r: unknown, socket: { destroy(): void }) => socket.destroy(), close() {} })

// stand-ins only while the real services are not written; their methods do nothing
function idleIm(): ImService {
  return { ...idle('/im'), send() {}, failNextLogins() {}, drop: () => 0, raiseError: () => 0, onMessage: () => () => {}, history: () => [], reset() {} } as unknown as ImService
}

function idleRtc(): RtcService {
  return { ...idle('/rtc'), hostJoin() {}, hostLeave() {}, setQuality() {}, channels: () => [] } as unknown as RtcService
}

const implemented = (mod: Record<string, unknown>, name: string) => typeof mod[name] === 'function'

export interface TestHarness extends Harness {
  sent: SentPush[]
  statePath: string
  /** POST an encrypted API call; returns the envelope and the decrypted data */
  api(path: string, payload?: unknown, opts?: { token?: string | null; lang?: string }): Promise<{ status: number; body: Envelope; data: any }>
  /** JSON control call */
  control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }>
}

export async function startTestHarness(options: HarnessOptions = {}): Promise<TestHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'harness-test-'))
  const statePath = join(dir, 'state.json')
  const realtime = recordingRealtime()
  const h = await startHarness({
    port: 0,
    quiet: true,
    statePath,
    plugins: ['shell', 'wall'],
    // tests read the state through /__harness/db
    rawState: true,
    ...options,
    settings: { hostTickMs: 0, ...options.settings },
    services: {
      realtime: () => realtime,
      im: implemented(imModule, 'createImService') ? undefined : idleIm,
      rtc: implemented(rtcModule, 'createRtcService') ? undefined : idleRtc,
      ...options.services,
    },
  })
  return {
    ...h,
    ...apiClient(h.url),
    sent: realtime.sent,
    statePath,
    async close() {
      await h.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The API (real envelope) and control calls of a harness at `url`, in this process or another. */
export function apiClient(url: string): Pick<TestHarness, 'api' | 'control'> {
  const cfg = fixture<{ cipherKey: string; cipherIv: string; subscriptionKey: string }>('harness-config.json')
  const keys = { key: cfg.cipherKey, iv: cfg.cipherIv }
  return {
    async api(path, payload = {}, opts = {}) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        [Header.subscription]: cfg.subscriptionKey,
        [Header.lang]: opts.lang ?? 'en',
        [Header.appId]: 'callwall',
      }
      if (opts.token) headers[Header.token] = opts.token
      const res = await httpRequest(url + path, 'POST', JSON.stringify({ data: encrypt(payload, keys) }), headers)
      const body = JSON.parse(res.text) as Envelope
      return { status: res.status, body, data: body.data ? decrypt(body.data, keys) : null }
    },
    async control(method, path, body) {
      const res = await httpRequest(url + path, method, body === undefined ? undefined : JSON.stringify(body), { 'content-type': 'application/json' })
      return { status: res.status, body: /^[[{]/.test(res.text) ? JSON.parse(res.text) : res.text }
    },
  }
}

export const TEST_TOKEN = 'test-token-100001'

/** Node's own HTTP (the unit-test DOM replaces fetch with one that logs and applies CORS). */
export function httpRequest(url: string, method = 'GET', body?: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }))
    })
    req.on('error', reject)
    req.end(body)
  })
}
