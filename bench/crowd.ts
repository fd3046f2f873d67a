// Crowd bench (part of `npm run bench`; alone: `node --import tsx bench/crowd.ts`): the harness in
// a process of its own on loopback, every load bounded in count and time, in three phases:
//   1. the crowd alone: BENCH_CROWD_VIEWERS (default 1000) realtime sockets open at once on /ws, one
//      per viewer (viewers signed up through the login API; BENCH_CROWD_SHARED=1 spreads them over the
//      four seeded viewers instead), each with a heartbeat every 5 s; a host status change every
//      second (pushed to everyone) for BENCH_CROWD_PUSHES seconds (default 20): the latency from the
//      control request to each socket's receipt (p50, p99; goal p99 < 50 ms), pushes missed, memory.
//   2. the storm alone: BENCH_STORM_RATE (default 200) gift or call deductions a second through the
//      ledger (POST /__harness/ledger/move, open loop, each with its user.balance push) for
//      BENCH_STORM_SECONDS (default 60), paid by the crowd's first 50 viewers: throughput, p50/p99
//      latency, the state file and journal sizes, and the ledger invariant at the end.
//   3. both together for BENCH_STORM_SECONDS, the pushes going on.
// In each phase the app's first requests (index.html and the wall's host list) are asked every
// 250 ms: their latency is what a person opening the app meanwhile waits for. Each phase prints the
// machine's load average and the harness's CPU; "together" is given as ratios to "alone".
// The load generator shares the machine (and its cores) with the harness: its numbers include it.
import { Agent, request } from 'node:http'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { setTimeout as sleepFor } from 'node:timers/promises'
import { loadavg, tmpdir, cpus } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { encrypt } from '../kernel/protocol/cipher.ts'
import { apiClient } from '../harness/testing.ts'
import { startChild, type Child } from './child.ts'

const VIEWERS = bounded('BENCH_CROWD_VIEWERS', 1000, 1, 5000)
const PUSHES = bounded('BENCH_CROWD_PUSHES', 20, 1, 120)
const RATE = bounded('BENCH_STORM_RATE', 200, 1, 2000)
const SECONDS = bounded('BENCH_STORM_SECONDS', 60, 1, 600)
const GOAL_P99_MS = 50
const TOKENS = ['test-token-100001', 'vip-token-100002', 'new-token-100003', 'white-token-100004']
const SHARED = process.env.BENCH_CROWD_SHARED === '1'
const PAYERS = 50

function bounded(name: string, fallback: number, min: number, max: number) {
  const n = Number(process.env[name] || fallback)
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be between ${min} and ${max}`)
  return Math.round(n)
}

const keys = (() => {
  const cfg = JSON.parse(readFileSync(new URL('../fixtures/harness-config.json', import.meta.url), 'utf8'))
  return { key: cfg.cipherKey, iv: cfg.cipherIv }
})()
// an idle kept-alive socket is dropped before the server's 5 s keep-alive time-out closes it, so a
// request never goes out on a socket the server is closing (read ECONNRESET)
const agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 })
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : NaN)
const ms = (n: number) => `${n.toFixed(1)} ms`
const sleep = (t: number) => sleepFor(t)

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

interface Viewer {
  userId: number
  token: string
}

/** one viewer per socket, signed up through the app's own login API (or the four seeded ones) */
async function viewersFor(child: Child, n: number): Promise<Viewer[]> {
  if (SHARED) return Array.from({ length: n }, (_, i) => ({ userId: 100001 + (i % TOKENS.length), token: TOKENS[i % TOKENS.length] }))
  const { api } = apiClient(child.url)
  const out: Viewer[] = []
  for (let i = 0; i < n; i += 20) {
    const wave = await Promise.all(
      Array.from({ length: Math.min(20, n - i) }, async (_, k) => {
        const r = await api('/api/login/v2/email', { email: `crowd-${i + k}@bench.test`, password: 'crowd-password', register: 1 })
        return { token: String(r.data.token), userId: Number(String(r.data.yxAccid).replace('user_', '')) }
      }),
    )
    out.push(...wave)
  }
  return out
}

interface Crowd {
  connected: number
  /** push a host status change to everyone every second for `seconds`, measuring each receipt */
  pushes(seconds: number): Promise<PushStats>
  close(): void
}
interface PushStats {
  pushes: number
  p50: number
  p99: number
  /** the control request answered, i.e. the harness has written the push to every socket */
  sendP50: number
  sendMax: number
  missed: number
}

async function openCrowd(child: Child, viewers: Viewer[]): Promise<Crowd> {
  const wsBase = child.url.replace('http', 'ws') + '/ws?token='
  const sockets: WebSocket[] = []
  let waiting: { key: string; t0: number } | null = null
  const latencies: number[] = []
  let received = 0
  const open = (v: Viewer, i: number) =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(wsBase + encodeURIComponent(encrypt(v.token, keys)))
      const done = setTimeout(() => (ws.terminate(), resolve()), 15_000)
      ws.on('open', () => {
        clearTimeout(done)
        sockets.push(ws)
        const beat = setInterval(() => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ messageType: 3, channelId: '' })), 5000 + (i % 50) * 20)
        ws.on('close', () => clearInterval(beat))
        resolve()
      })
      ws.on('message', (data) => {
        const text = String(data)
        if (!waiting || !text.includes('host.status')) return
        const m = JSON.parse(text)
        if (`${m.data.userId}:${m.data.onlineStatus}` !== waiting.key) return
        latencies.push(performance.now() - waiting.t0)
        received++
      })
      ws.on('error', () => {})
    })
  // connect in waves of 100, so the crowd arrives quickly without a connection storm
  for (let i = 0; i < viewers.length; i += 100) await Promise.all(viewers.slice(i, i + 100).map((v, k) => open(v, i + k)))
  return {
    connected: sockets.length,
    async pushes(seconds) {
      latencies.length = 0
      received = 0
      const sendMs: number[] = []
      const hosts = [200001, 200002, 200003, 200004, 200005]
      for (let n = 0; n < seconds; n++) {
        const host = hosts[n % hosts.length]
        const status = n % 2 ? 'online' : 'busy'
        const t0 = performance.now()
        waiting = { key: `${host}:${status === 'online' ? 1 : 10000}`, t0 }
        await post(child.url, `/hosts/${host}/status`, { status }).catch(() => null)
        sendMs.push(performance.now() - t0)
        await sleep(Math.max(0, 1000 - (performance.now() - t0)))
      }
      await sleep(200)
      waiting = null
      return { pushes: seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), sendP50: pct(sendMs, 50), sendMax: Math.max(...sendMs), missed: seconds * sockets.length - received }
    },
    close() {
      for (const ws of sockets) ws.close()
    },
  }
}

export interface StormResult {
  rate: number
  seconds: number
  sent: number
  settled: number
  failed: number
  /** what failed, by message (a time-out, a refused connection, a status) */
  failures: Record<string, number>
  throughput: number
  p50: number
  p99: number
  stateBytes: number
  journalBytes: number
  invariant: boolean
  problems: string[]
}

async function storm(child: Child, statePath: string, payers: number[], tag: string): Promise<StormResult> {
  for (const id of payers) await post(child.url, `/users/${id}/balance`, { diamondNum: 10_000_000 })
  const latencies: number[] = []
  const failures: Record<string, number> = {}
  const fail = (why: string) => void (failures[why] = (failures[why] ?? 0) + 1)
  let sent = 0
  let settled = 0
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
        post(child.url, '/ledger/move', { userId: payers[n % payers.length], delta: -(call ? 60 : 1 + (n % 20)), reason: call ? 'call' : 'gift', key: `${tag}-${n}` })
          .then((r) => {
            if (r.status !== 200) return fail(`status ${r.status}`)
            settled++
            latencies.push(performance.now() - t0)
          })
          .catch((err: Error) => fail(err.message))
          .finally(() => void inFlight--),
      )
    }
    await sleep(5)
  }
  await Promise.all(pending)
  const elapsed = (performance.now() - started) / 1000
  const journal = `${statePath}.journal`
  const ledger = await get(child.url, '/ledger?userId=' + payers[0])
  const failed = Object.values(failures).reduce((a, b) => a + b, 0)
  return {
    rate: RATE,
    seconds: SECONDS,
    sent,
    settled,
    failed,
    failures,
    throughput: settled / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    stateBytes: statSync(statePath).size,
    journalBytes: existsSync(journal) ? statSync(journal).size : 0,
    invariant: ledger.check.ok,
    problems: ledger.check.problems,
  }
}

const pageOf = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, { agent, timeout: 10_000 }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.on('error', reject)
    req.end()
  })

/** what a person opening the app meanwhile waits for: index.html and the wall's host list, every 250 ms */
function probeApp(child: Child, token: string) {
  const { api } = apiClient(child.url)
  const latencies: number[] = []
  let failed = 0
  let stop = false
  const run = (async () => {
    while (!stop) {
      const t0 = performance.now()
      try {
        const [pageStatus, list] = await Promise.all([pageOf(child.url + '/wall'), api('/api/anchor/v4/anchorList', { page: 1, size: 10 }, { token })])
        if (pageStatus >= 500 || list.body.code !== '0000') throw new Error('refused')
        latencies.push(performance.now() - t0)
      } catch {
        failed++
      }
      await sleep(250)
    }
  })()
  return async () => {
    stop = true
    await run
    return { asked: latencies.length + failed, p50: pct(latencies, 50), p99: pct(latencies, 99), max: latencies.length ? Math.max(...latencies) : NaN, failed }
  }
}
type ProbeStats = Awaited<ReturnType<ReturnType<typeof probeApp>>>

/** the harness process's CPU time (user + system) in seconds, from /proc */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

interface Phase {
  load: [number, number]
  /** the harness's own event-loop delay over the phase (worst per-second p99, max), ms */
  loop: { p99: number; max: number }
  /** the harness's CPU use over the phase, in cores, and in seconds */
  cpu: number
  cpuSeconds: number
  app: ProbeStats
  rssMb: number | null
}
async function phase<T>(child: Child, token: string, work: () => Promise<T>): Promise<T & { phase: Phase }> {
  const load0 = loadavg()[0]
  const cpu0 = cpuSeconds(child.pid)
  const t0 = performance.now()
  child.loopDelay()
  const stopProbe = probeApp(child, token)
  const result = await work()
  const app = await stopProbe()
  const used = cpuSeconds(child.pid) - cpu0
  const cpu = used / ((performance.now() - t0) / 1000)
  return { ...result, phase: { load: [load0, loadavg()[0]], loop: child.loopDelay(), cpu, cpuSeconds: used, app, rssMb: child.rssMb() } }
}

export interface CrowdBench {
  viewers: number
  connected: number
  rssIdleMb: number | null
  crowd: PushStats & { phase: Phase }
  storm: StormResult & { phase: Phase }
  together: { push: PushStats; storm: StormResult; phase: Phase }
}

export async function benchCrowd(): Promise<CrowdBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-crowd-'))
  const statePath = join(dir, 'state.json')
  const child = await startChild(statePath)
  try {
    const rssIdleMb = child.rssMb()
    const viewers = await viewersFor(child, VIEWERS)
    const payers = [...new Set(viewers.slice(0, PAYERS).map((v) => v.userId))]
    const probeToken = TOKENS[0]
    let crowd = await openCrowd(child, viewers)
    const connected = crowd.connected
    const alone = await phase(child, probeToken, () => crowd.pushes(PUSHES))
    crowd.close()
    await sleep(1000)
    const stormAlone = await phase(child, probeToken, () => storm(child, statePath, payers, 'alone'))
    crowd = await openCrowd(child, viewers)
    const both = await phase(child, probeToken, async () => {
      const [push, s] = await Promise.all([crowd.pushes(SECONDS), storm(child, statePath, payers, 'together')])
      return { push, storm: s }
    })
    crowd.close()
    return { viewers: VIEWERS, connected, rssIdleMb, crowd: alone, storm: stormAlone, together: both }
  } finally {
    await child.stop()
    agent.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}

export function crowdRows(b: CrowdBench): string[][] {
  const mb = (n: number | null) => (n == null ? 'n/a' : `${n} MB`)
  const ratio = (a: number, base: number) => (Number.isFinite(a) && Number.isFinite(base) && base > 0 ? `x${(a / base).toFixed(2)}` : 'n/a')
  const phaseRows = (p: Phase): string[][] => [
    ['  load average (1 min) before / after; harness CPU', `${p.load[0].toFixed(2)} / ${p.load[1].toFixed(2)}; ${(p.cpu * 100).toFixed(0)} % of a core`],
    ['  harness event-loop delay: worst p99 / max', `${ms(p.loop.p99)} / ${ms(p.loop.max)}`],
    ['  app meanwhile (index + host list) p50 / p99 / max', `${ms(p.app.p50)} / ${ms(p.app.p99)} / ${ms(p.app.max)}${p.app.failed ? `, ${p.app.failed} failed` : ''}`],
  ]
  const stormRows = (s: StormResult): string[][] => [
    ['  deductions settled / failed', `${s.settled} / ${s.failed}${s.failed ? ` (${Object.entries(s.failures).map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`],
    ['  throughput; latency p50 / p99', `${s.throughput.toFixed(1)} /s; ${ms(s.p50)} / ${ms(s.p99)}`],
    ['  ledger invariant at the end', s.invariant ? 'holds' : `BROKEN: ${s.problems.slice(0, 2).join('; ')}`],
  ]
  const pushRows = (c: PushStats): string[][] => [
    [`  host status push to all, every 1 s x ${c.pushes}: latency p50 / p99 (goal < ${GOAL_P99_MS} ms)`, `${ms(c.p50)} / ${ms(c.p99)} ${c.p99 < GOAL_P99_MS ? 'PASS' : 'OVER'}`],
    ['  harness done sending to all (control round trip) p50 / max', `${ms(c.sendP50)} / ${ms(c.sendMax)}`],
    ['  pushes missed', String(c.missed)],
  ]
  const { crowd: c, storm: s, together: t } = b
  return [
    [`crowd alone: ${b.viewers} sockets on /ws (${SHARED ? 'four shared viewers' : 'one viewer each'}), heartbeats every 5 s`, `${b.connected} connected`],
    ...pushRows(c),
    ['  harness memory (RSS): idle / with the crowd', `${mb(b.rssIdleMb)} / ${mb(c.phase.rssMb)}`],
    ...phaseRows(c.phase),
    [`storm alone: ${s.rate} deductions/s for ${s.seconds} s (gift, call), ${PAYERS} payers`, `${s.sent} sent`],
    ...stormRows(s),
    // what the machine's load cannot change: the harness's own work per deduction (HTTP, move, journal, push)
    ['  harness CPU per deduction (whole phase / settled)', `${((s.phase.cpuSeconds * 1000) / Math.max(1, s.settled)).toFixed(2)} ms`],
    ['  state file / journal at the end', `${(s.stateBytes / 1024).toFixed(0)} KB / ${(s.journalBytes / 1024).toFixed(0)} KB`],
    ...phaseRows(s.phase),
    [`together: the crowd with its pushes and the storm for ${t.storm.seconds} s`, `${t.storm.sent} sent`],
    ...pushRows(t.push),
    ...stormRows(t.storm),
    ...phaseRows(t.phase),
    ['  together / alone: push p99, deduction p99, throughput', `${ratio(t.push.p99, c.p99)}, ${ratio(t.storm.p99, s.p99)}, ${ratio(t.storm.throughput, s.throughput)}`],
    ['  together / alone: app p99 (vs crowd alone, storm alone)', `${ratio(t.phase.app.p99, c.phase.app.p99)}, ${ratio(t.phase.app.p99, s.phase.app.p99)}`],
    ['  harness memory (RSS) at the end', mb(t.phase.rssMb)],
  ]
}

/** the bench holds when no deduction failed, the invariant held, and the app answered in each phase */
export const crowdHolds = (b: CrowdBench) =>
  [b.storm, b.together.storm].every((s) => s.invariant && s.failed === 0) && [b.crowd.phase, b.storm.phase, b.together.phase].every((p) => p.app.failed === 0)

if (import.meta.url === `file://${process.argv[1]}`) {
  const load = loadavg()[0]
  const b = await benchCrowd()
  const rows = crowdRows(b)
  const width = Math.max(...rows.map((r) => r[0].length))
  console.log(`\nbench: harness crowd (loopback; ${cpus().length} cores, load average ${load.toFixed(2)} before the run)\n`)
  console.log(rows.map(([a, c]) => `  ${a.padEnd(width)}   ${c}`).join('\n') + '\n')
  if (!crowdHolds(b)) process.exitCode = 1
}
