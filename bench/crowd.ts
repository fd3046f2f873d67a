// Crowd bench (part of `npm run bench`; alone: `node --import tsx bench/crowd.ts`): the harness in
// a process of its own on loopback, every load bounded in count and time.
//   1. BENCH_CROWD_VIEWERS (default 1000) realtime sockets open at once on /ws, each with a heartbeat
//      every 5 s; a host status change every second (POST /__harness/hosts/:id/status, pushed to
//      everyone) for BENCH_CROWD_PUSHES seconds (default 20): the latency from the control request to
//      each socket's receipt (p50, p99; goal p99 < 50 ms), pushes missed, the harness's memory.
//   2. BENCH_STORM_RATE (default 200) gift or call deductions a second through the ledger
//      (POST /__harness/ledger/move, open loop) for BENCH_STORM_SECONDS (default 60): throughput,
//      p50/p99 latency, the state file and journal sizes, and the ledger invariant at the end.
// The load generator shares the machine (and its cores) with the harness: its numbers include it.
import { Agent, request } from 'node:http'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir, cpus } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { encrypt } from '../kernel/protocol/cipher.ts'
import { startChild, type Child } from './child.ts'

const VIEWERS = bounded('BENCH_CROWD_VIEWERS', 1000, 1, 5000)
const PUSHES = bounded('BENCH_CROWD_PUSHES', 20, 1, 120)
const RATE = bounded('BENCH_STORM_RATE', 200, 1, 2000)
const SECONDS = bounded('BENCH_STORM_SECONDS', 60, 1, 600)
const GOAL_P99_MS = 50
const TOKENS = ['test-token-100001', 'vip-token-100002', 'new-token-100003', 'white-token-100004']
const VIEWER_IDS = [100001, 100002, 100003, 100004]

function bounded(name: string, fallback: number, min: number, max: number) {
  const n = Number(process.env[name] || fallback)
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be between ${min} and ${max}`)
  return Math.round(n)
}

const keys = (() => {
  const cfg = JSON.parse(readFileSync(new URL('../fixtures/harness-config.json', import.meta.url), 'utf8'))
  return { key: cfg.cipherKey, iv: cfg.cipherIv }
})()
const agent = new Agent({ keepAlive: true, maxSockets: 64 })
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : NaN)
const ms = (n: number) => `${n.toFixed(1)} ms`
const sleep = (t: number) => new Promise((r) => setTimeout(r, t))

function post(base: string, path: string, body: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request(base + '/__harness' + path, { method: 'POST', agent, headers: { 'content-type': 'application/json' }, timeout: 10_000 }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }))
    })
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}
const get = (base: string, path: string) =>
  new Promise<any>((resolve, reject) => {
    request(base + '/__harness' + path, { agent }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve(JSON.parse(text)))
    })
      .on('error', reject)
      .end()
  })

export interface CrowdResult {
  viewers: number
  connected: number
  pushes: number
  p50: number
  p99: number
  /** the control request answered, i.e. the harness has written the push to every socket */
  sendP50: number
  sendMax: number
  missed: number
  rssIdleMb: number | null
  rssCrowdMb: number | null
}

async function crowd(child: Child): Promise<CrowdResult> {
  const rssIdleMb = child.rssMb()
  const wsBase = child.url.replace('http', 'ws') + '/ws?token='
  const sockets: WebSocket[] = []
  const waiting = new Map<string, number>() // "userId:onlineStatus" of the push in flight -> t0
  const latencies: number[] = []
  /** the control request's round trip: the harness answers once it has sent the push to every socket */
  const sendMs: number[] = []
  let received = 0
  const open = (i: number) =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(wsBase + encodeURIComponent(encrypt(TOKENS[i % TOKENS.length], keys)))
      const done = setTimeout(() => (ws.terminate(), resolve()), 15_000)
      ws.on('open', () => {
        clearTimeout(done)
        sockets.push(ws)
        const beat = setInterval(() => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ messageType: 3, channelId: '' })), 5000 + (i % 50) * 20)
        ws.on('close', () => clearInterval(beat))
        resolve()
      })
      ws.on('message', (data) => {
        const m = JSON.parse(String(data))
        if (m.pushType !== 'host.status') return
        const t0 = waiting.get(`${m.data.userId}:${m.data.onlineStatus}`)
        if (t0 == null) return
        latencies.push(performance.now() - t0)
        received++
      })
      ws.on('error', () => {})
    })
  // connect in waves of 100, so the crowd arrives quickly without a connection storm
  for (let i = 0; i < VIEWERS; i += 100) await Promise.all(Array.from({ length: Math.min(100, VIEWERS - i) }, (_, k) => open(i + k)))
  const connected = sockets.length
  const hosts = [200001, 200002, 200003, 200004, 200005]
  for (let n = 0; n < PUSHES; n++) {
    const host = hosts[n % hosts.length]
    const status = n % 2 ? 'online' : 'busy'
    waiting.clear()
    const t0 = performance.now()
    waiting.set(`${host}:${status === 'online' ? 1 : 10000}`, t0)
    await post(child.url, `/hosts/${host}/status`, { status })
    sendMs.push(performance.now() - t0)
    await sleep(1000)
  }
  const rssCrowdMb = child.rssMb()
  for (const ws of sockets) ws.close()
  return { viewers: VIEWERS, connected, pushes: PUSHES, p50: pct(latencies, 50), p99: pct(latencies, 99), sendP50: pct(sendMs, 50), sendMax: Math.max(...sendMs), missed: PUSHES * connected - received, rssIdleMb, rssCrowdMb }
}

export interface StormResult {
  rate: number
  seconds: number
  sent: number
  settled: number
  failed: number
  throughput: number
  p50: number
  p99: number
  stateBytes: number
  journalBytes: number
  invariant: boolean
  problems: string[]
  rssMb: number | null
}

async function storm(child: Child, statePath: string): Promise<StormResult> {
  for (const id of VIEWER_IDS) await post(child.url, `/users/${id}/balance`, { diamondNum: 10_000_000 })
  const latencies: number[] = []
  let sent = 0
  let settled = 0
  let failed = 0
  let inFlight = 0
  const started = performance.now()
  const end = started + SECONDS * 1000
  const pending: Promise<void>[] = []
  // open loop: every 5 ms, send what is due by now (at most 400 in flight: bounded)
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - started) / 1000) * RATE)
    while (sent < due && inFlight < 400) {
      const n = sent++
      const t0 = performance.now()
      inFlight++
      const call = n % 2 === 0
      pending.push(
        post(child.url, '/ledger/move', { userId: VIEWER_IDS[n % VIEWER_IDS.length], delta: -(call ? 60 : 1 + (n % 20)), reason: call ? 'call' : 'gift', key: `storm-${n}` })
          .then((r) => {
            if (r.status !== 200) return void failed++
            settled++
            latencies.push(performance.now() - t0)
          })
          .catch(() => void failed++)
          .finally(() => void inFlight--),
      )
    }
    await sleep(5)
  }
  await Promise.all(pending)
  const elapsed = (performance.now() - started) / 1000
  const journal = `${statePath}.journal`
  const stateBytes = statSync(statePath).size
  const journalBytes = existsSync(journal) ? statSync(journal).size : 0
  const ledger = await get(child.url, '/ledger?userId=100001')
  return { rate: RATE, seconds: SECONDS, sent, settled, failed, throughput: settled / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), stateBytes, journalBytes, invariant: ledger.check.ok, problems: ledger.check.problems, rssMb: child.rssMb() }
}

export function crowdRows(c: CrowdResult, s: StormResult): string[][] {
  const mb = (n: number | null) => (n == null ? 'n/a' : `${n} MB`)
  return [
    [`realtime crowd: ${c.viewers} sockets on /ws, heartbeats every 5 s`, `${c.connected} connected`],
    [`  host status push to all, every 1 s x ${c.pushes}: latency p50`, ms(c.p50)],
    [`  latency p99 (goal < ${GOAL_P99_MS} ms)`, `${ms(c.p99)} ${c.p99 < GOAL_P99_MS ? 'PASS' : 'OVER'}`],
    ['  harness done sending to all (control round trip) p50 / max', `${ms(c.sendP50)} / ${ms(c.sendMax)}`],
    ['  pushes missed', String(c.missed)],
    ['  harness memory (RSS): idle / with the crowd', `${mb(c.rssIdleMb)} / ${mb(c.rssCrowdMb)}`],
    [`ledger storm: ${s.rate} deductions/s for ${s.seconds} s (gift, call)`, `${s.settled} settled, ${s.failed} failed`],
    ['  throughput', `${s.throughput.toFixed(1)} /s`],
    ['  latency p50 / p99', `${ms(s.p50)} / ${ms(s.p99)}`],
    ['  state file / journal', `${(s.stateBytes / 1024).toFixed(0)} KB / ${(s.journalBytes / 1024).toFixed(0)} KB`],
    ['  ledger invariant at the end', s.invariant ? 'holds' : `BROKEN: ${s.problems.slice(0, 2).join('; ')}`],
    ['  harness memory (RSS) after the storm', mb(s.rssMb)],
  ]
}

export async function benchCrowd(): Promise<{ crowd: CrowdResult; storm: StormResult }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-crowd-'))
  const statePath = join(dir, 'state.json')
  const child = await startChild(statePath)
  try {
    const c = await crowd(child)
    const s = await storm(child, statePath)
    return { crowd: c, storm: s }
  } finally {
    await child.stop()
    agent.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const load = loadavg()[0]
  const { crowd: c, storm: s } = await benchCrowd()
  const rows = crowdRows(c, s)
  const width = Math.max(...rows.map((r) => r[0].length))
  console.log(`\nbench: harness crowd (loopback; ${cpus().length} cores, load average ${load.toFixed(2)} before the run)\n`)
  console.log(rows.map(([a, b]) => `  ${a.padEnd(width)}   ${b}`).join('\n') + '\n')
  if (!s.invariant || s.failed > 0) process.exitCode = 1
}
