// The control API under /__harness/ (JSON in and out): what tests, scenarios, the CLI and a
// person with curl use to steer the fake backend. See README "Control API".
import type { IncomingMessage, ServerResponse } from 'node:http'
import { avatarSvg } from './avatar.ts'
import { jsonDepth, MAX_BODY_DEPTH } from './bounds.ts'
import { BodyTooLarge, readJson, sendJson } from './http.ts'
import type { HostTimeline } from './hosts.ts'
import type { Operations } from './operations.ts'
import type { RealtimeService } from './realtime.ts'
import type { Scenario } from './scenario.ts'
import { runScenario, type ScenarioRun, type StepResult } from './scenario-runner.ts'
import type { EventLog } from './events.ts'
import { controlPage } from './ui/serve.ts'
import { EndpointError, RawReply, type ControlInfo, type FakeSlice, type HarnessContext } from './types.ts'
import { collection } from './collections.ts'

export interface ControlDeps {
  ctx: HarnessContext
  ops: Operations
  reset: () => void
  scenarios: Map<string, Scenario>
  timeline: HostTimeline
  realtime: () => RealtimeService
  sliceControls: Map<string, { id: string; entry: NonNullable<FakeSlice['control']>[string] }>
  controlInfo?: Map<string, { id: string; entry: ControlInfo }>
  events?: EventLog
  /** the control API answers any address (a team server): the page shows a warning */
  openControl?: boolean
  /** the API paths the plugins answer (the page's fault form offers them) */
  apiPaths?: string[]
}

/** The latest run of a scenario, for the control page's progress. */
interface Progress {
  status: 'running' | 'done' | 'cancelled' | 'failed'
  startedAt: number
  steps: StepResult[]
}

class BadRequest extends Error {}

type Handler = (m: { body: any; params: URLSearchParams; args: string[] }) => unknown

/** a path or body part that must be a whole number */
const num = (text: string, what: string) => {
  const n = Number(text)
  if (!Number.isInteger(n)) throw new BadRequest(`${what} must be a number, got ${text}`)
  return n
}
/** an operation's refusal as the caller's mistake (400) */
const guard = <T>(fn: () => T): T => {
  try {
    return fn()
  } catch (err) {
    throw err instanceof BadRequest ? err : new BadRequest((err as Error).message)
  }
}

/** the scenarios running now, their latest progress, and where their events go */
interface ScenarioRuns {
  running: Map<string, ScenarioRun>
  progress: Map<string, Progress>
  emit: EventLog['emit']
}

/** run a scenario (the one of that name running is cancelled first); wait: answer when it is over */
async function startScenario(deps: ControlDeps, runs: ScenarioRuns, name: string, wait: boolean) {
  const scenario = deps.scenarios.get(name)
  if (!scenario) throw new NotFound(`no scenario ${name}; known: ${[...deps.scenarios.keys()].join(', ')}`)
  runs.running.get(scenario.name)?.cancel()
  const p: Progress = { status: 'running', startedAt: Date.now(), steps: [] }
  runs.progress.set(scenario.name, p)
  runs.emit({ kind: 'scenario', name: scenario.name, status: 'running' })
  const onStep = (step: StepResult) => {
    p.steps.push(step)
    runs.emit({ kind: 'scenario', name: scenario.name, status: 'running', step })
  }
  const run = runScenario(scenario, deps.ops, { log: deps.ctx.log, onStep })
  runs.running.set(scenario.name, run)
  const finished = run.done
    .then(
      (out) => ((p.status = out.status), out),
      (err) => ((p.status = 'failed'), Promise.reject(err)),
    )
    .finally(() => {
      if (runs.running.get(scenario.name) === run) runs.running.delete(scenario.name)
      runs.emit({ kind: 'scenario', name: scenario.name, status: p.status })
    })
  // {"wait": true} answers when the story is over; otherwise at once
  if (wait) return await finished
  finished.catch((err) => deps.ctx.log(`scenario ${scenario.name} failed:`, err))
  return { started: scenario.name, steps: scenario.steps.length, durationMs: scenario.steps.at(-1)?.at ?? 0 }
}

/** one diamond movement (a gift, a call deduction, a refund), as a load generator or QA makes it */
function moveDiamonds(ctx: HarnessContext, body: any) {
  const userId = num(String(body.userId), 'userId')
  if (!Number.isInteger(body.delta) || body.delta === 0) throw new BadRequest('delta must be a whole number of diamonds, not 0')
  // peerId: who the movement is about (a call's host, a gift's receiver): the records name them
  const extra = { ...(body.key == null ? {} : { key: String(body.key) }), ...(Number.isInteger(body.peerId) ? { peerId: body.peerId } : {}) }
  const entry = ctx.move(userId, body.delta, typeof body.reason === 'string' && body.reason ? body.reason : 'harness.move', extra)
  ctx.push(userId, 'user.balance', { diamondNum: entry.balanceAfter, reason: entry.reason })
  return entry
}

/** a viewer who has paid before, or a new one who never paid (forcePayConfig.isFinished) */
function markPaid(ctx: HarnessContext, userId: number, paid: unknown) {
  if (typeof paid !== 'boolean') throw new BadRequest('paid must be true or false')
  if (!ctx.userById(userId)) throw new BadRequest(`no user ${userId}`)
  const change = paid ? { forcePayFinished: true, firstPayTime: ctx.userById(userId)!.firstPayTime ?? new Date().toISOString() } : { forcePayFinished: false, firstPayTime: null }
  ctx.db.get('users').find({ userId }).assign(change).write()
  return { userId, ...change }
}

/** every login token of the user dies, as after a password change: the app's next request meets a dead token */
function revoke(ctx: HarnessContext, userId: number) {
  if (!ctx.userById(userId)) throw new BadRequest(`no user ${userId}`)
  ctx.db.get('users').find({ userId }).assign({ token: null, tokens: [] }).write()
  return { userId, revoked: true }
}

/** a generated avatar for an id (a host's looks like a host's) */
function avatarFor(ctx: HarnessContext, rawId: string) {
  const id = rawId.slice(0, 64)
  const user = /^\d+$/.test(id) ? ctx.userById(Number(id)) : null
  return avatarSvg(id, { host: user?.userType === 2 })
}

/** a handler's answer: its own raw reply (a page, a script), else JSON ({ ok: true } for nothing) */
function sendReply(res: ServerResponse, out: unknown) {
  if (out instanceof RawReply) {
    res.writeHead(out.status, { 'content-type': out.contentType, 'cache-control': 'no-store', ...out.headers })
    return void res.end(out.body)
  }
  sendJson(res, 200, out ?? { ok: true })
}

export function createControl(deps: ControlDeps) {
  const { ctx, ops } = deps
  const running = new Map<string, ScenarioRun>()
  const progress = new Map<string, Progress>()
  const emit: EventLog['emit'] = (e) => deps.events?.emit(e)
  const runs: ScenarioRuns = { running, progress, emit }

  // [method, pattern, handler]; patterns are matched against the path after /__harness
  const routes: Array<[string, RegExp, Handler]> = [
    ['GET', /^\/?$/, () => ({ routes: routes.map(([m, p]) => `${m} /__harness${p.source.replace(/^\^|\$$|\?/g, '').replace(/\\\//g, '/').replace(/\(\[\^\/\]\+\)/g, ':id').replace(/\\\./g, '.')}`), plugins: [...deps.sliceControls.keys()] })],
    ['POST', /^\/reset$/, () => {
      for (const run of running.values()) run.cancel()
      deps.reset()
      return { ok: true, users: ops.users().length, hosts: ops.hosts().length }
    }],
    ['GET', /^\/users$/, () => ops.users()],
    // every account's record for the control page's tables (the raw state router is off by default)
    ['GET', /^\/users\/records$/, () => collection(ctx, 'users').value().map(({ password: _password, ...rest }) => rest)],
    ['POST', /^\/users\/([^/]+)\/balance$/, ({ body, args }) => guard(() => ops.setBalance(num(args[0], 'userId'), body.diamondNum))],
    ['POST', /^\/users\/([^/]+)\/paid$/, ({ body, args }) => guard(() => markPaid(ctx, num(args[0], 'userId'), body.paid))],
    ['POST', /^\/users\/([^/]+)\/revoke$/, ({ args }) => guard(() => revoke(ctx, num(args[0], 'userId')))],
    ['GET', /^\/hosts$/, () => ops.hosts()],
    ['POST', /^\/hosts\/tick$/, () => ({ changes: deps.timeline.tick() })],
    ['POST', /^\/hosts\/([^/]+)\/status$/, ({ body, args }) => guard(() => ops.setHostStatus(num(args[0], 'userId'), body.status))],
    ['POST', /^\/push$/, ({ body }) =>
      guard(() => {
        if (body.userId == null) throw new BadRequest('userId is required (a number, or "all" to broadcast)')
        return ops.push(body.userId === 'all' ? 'all' : num(String(body.userId), 'userId'), body.message)
      })],
    ['GET', /^\/connections$/, () => deps.realtime().connected()],
    ['POST', /^\/connections\/drop$/, ({ body }) => ops.dropSockets(body.userId == null ? undefined : num(body.userId, 'userId'))],
    ['POST', /^\/ledger\/move$/, ({ body }) => moveDiamonds(ctx, body)],
    ['GET', /^\/ledger$/, ({ params }) => ops.ledger(params.get('userId') ? num(params.get('userId')!, 'userId') : undefined)],
    ['GET', /^\/settings$/, () => ops.settings()],
    ['POST', /^\/settings$/, ({ body }) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('settings must be a JSON object')
      return guard(() => ops.settings(body))
    }],
    ['GET', /^\/scenarios$/, () =>
      [...deps.scenarios.values()].map((s) => ({
        name: s.name,
        description: s.description,
        steps: s.steps.length,
        durationMs: s.steps.at(-1)?.at ?? 0,
        running: running.has(s.name),
        plan: s.steps.map((step) => ({ at: step.at, label: step.label ?? null })),
        lastRun: progress.get(s.name) ?? null,
      }))],
    ['POST', /^\/scenarios\/([^/]+)\/cancel$/, ({ args }) => {
      const run = running.get(args[0])
      run?.cancel()
      return { cancelled: !!run }
    }],
    ['POST', /^\/scenarios\/([^/]+)$/, ({ body, args }) => startScenario(deps, runs, args[0], !!body?.wait)],
    ['GET', /^\/avatar\/([^/]+)\.svg$/, ({ args }) => new Svg(avatarFor(ctx, args[0]))],
    // the plugins' control entries and how the page offers them (README "Control page")
    ['GET', /^\/controls$/, () => ({
      open: !!deps.openControl,
      apiPaths: deps.apiPaths ?? [],
      entries: [...deps.sliceControls].map(([name, { id }]) => ({ name, plugin: id, ...(deps.controlInfo?.get(name)?.entry ?? { title: name }) })),
    })],
    ['GET', /^\/events\/recent$/, () => deps.events?.recent() ?? []],
    ['GET', /^\/ui\/?$/, () => controlPage.html()],
    ['GET', /^\/ui\/app\.js$/, () => controlPage.script()],
  ]

  return async function handleControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://harness')
    const sub = url.pathname.replace(/^\/__harness/, '') || '/'
    if (sub === '/events' && req.method === 'GET') return followEvents(res, deps.events)
    try {
      const body = req.method === 'POST' ? await readControlBody(req) : {}
      for (const [method, pattern, handler] of routes) {
        const m = sub.match(pattern)
        if (m && method === req.method) {
          const out = await handler({ body, params: url.searchParams, args: m.slice(1).map(decodePart) })
          if (out instanceof Svg) {
            res.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=3600' })
            return void res.end(out.text)
          }
          return sendReply(res, out)
        }
      }
      const extra = deps.sliceControls.get(sub.replace(/^\//, ''))
      if (extra) {
        return sendReply(res, await extra.entry(ctx, body, url.searchParams))
      }
      sendJson(res, 404, { error: `no control endpoint ${req.method} ${url.pathname}; GET /__harness/ lists them` })
    } catch (err) {
      const status = err instanceof BadRequest || err instanceof EndpointError ? 400 : err instanceof NotFound ? 404 : err instanceof BodyTooLarge ? 413 : 500
      // a crash is logged here with its stack; the answer only names the failure
      if (status === 500) console.error('[harness] control', url.pathname, err)
      sendJson(res, status, { error: status === 500 ? `control endpoint ${url.pathname} failed: ${(err as Error)?.message ?? 'unknown error'}` : (err as Error).message })
    }
  }
}

/** GET /__harness/events: server-sent events, one `data:` line of JSON per harness event. */
function followEvents(res: ServerResponse, events: EventLog | undefined) {
  // no-transform: the compression middleware in front must not buffer the stream
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive' })
  res.write('retry: 2000\n\n')
  if (!events) return
  const stop = events.subscribe((e) => res.write(`data: ${JSON.stringify(e)}\n\n`))
  const ping = setInterval(() => res.write(': ping\n\n'), 15_000)
  res.on('close', () => {
    stop()
    clearInterval(ping)
  })
}

class NotFound extends Error {}

/** what a control entry is given: JSON of 1 MB at most, nested 32 levels at most */
async function readControlBody(req: IncomingMessage) {
  const body = await readJson(req, CONTROL_BODY_BYTES).catch((err) => Promise.reject(err instanceof BodyTooLarge ? err : new BadRequest(err.message)))
  if (jsonDepth(body) > MAX_BODY_DEPTH) throw new BadRequest(`the body nests deeper than ${MAX_BODY_DEPTH} levels`)
  return body
}
const CONTROL_BODY_BYTES = 1024 * 1024

/** a path part as text; a malformed escape (%E0%A4%A) is the caller's mistake, not a crash */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw new BadRequest(`malformed escape in the path: ${part.slice(0, 40)}`)
  }
}
class Svg {
  constructor(public text: string) {}
}
