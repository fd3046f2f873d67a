// startHarness: the whole fake backend in one Node process on one port — the built app at /,
// /app-config.js, the encrypted API at /api/*, the control API at /__harness/*, the raw state
// at /__harness/db, and the WebSocket services (/ws realtime, /im, /rtc) on the same server.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import jsonServer from 'json-server'
import * as realtimeModule from './realtime.ts'
import * as imModule from './im.ts'
import * as rtcModule from './rtc.ts'
import { createChatRoomService } from './im-chatroom.ts'
import type { RealtimeService } from './realtime.ts'
import type { ImService } from './im.ts'
import { forgetMemory } from './memory.ts'
import type { RtcService } from './rtc.ts'
import { createApi } from './api.ts'
import { appConfigFor, appConfigScript, type HarnessKeys } from './app-config.ts'
import type { AppConfig } from '../kernel/config.ts'
import { createContext } from './context.ts'
import { createControl } from './control.ts'
import { createEventLog, type EventLog } from './events.ts'
import { controlGuard, isPublicEntry } from './guard.ts'
import { OssEntry, ossHandler } from './oss.ts'
import { corsFor } from './cors.ts'
import { dbBody, dbError, clearRouter } from './db-route.ts'
import { openStore } from './store.ts'
import { createHostTimeline } from './hosts.ts'
import { createOperations, type Operations } from './operations.ts'
import { loadScenarios } from './scenario-runner.ts'
import { buildSeed, fixture } from './seed.ts'
import { isPagePath, sendRevalidated, serveIndex, staticCacheHeaders } from './static.ts'
import { createSettings, type SettingsStore } from './settings.ts'
import { loadSlices, mergeEntries } from './slices.ts'
import type { HarnessContext, HarnessSettings, UpgradeService } from './types.ts'

export const projectRoot = fileURLToPath(new URL('..', import.meta.url))

type Factory<T> = (ctx: HarnessContext) => T

export interface HarnessOptions {
  /** 0 picks a free port; default 5173 */
  port?: number
  /** interface to listen on; default 127.0.0.1 */
  host?: string
  /** the state file; default .harness/state.json in the project */
  statePath?: string
  /** the built app, served at / with an index.html fallback for client routes */
  staticDir?: string
  quiet?: boolean
  settings?: Partial<HarnessSettings>
  /** replace a WebSocket service (tests use doubles) */
  services?: { realtime?: Factory<RealtimeService>; im?: Factory<ImService>; rtc?: Factory<RtcService> }
  /** where plugins/<id>/fake.ts are looked for */
  pluginsDir?: string
  /** load only these plugins' slices (default: every plugins/<id>/fake.ts) */
  plugins?: string[]
  /** answer the control API and page from any address, not only loopback (a team server) */
  openControl?: boolean
  /** serve json-server's router over the raw state at /__harness/db (off by default: it reads and writes
   *  every token and balance with no rule; HARNESS_RAW_STATE=1) */
  rawState?: boolean
  /** host names a team server's control API answers to besides loopback and addresses (HARNESS_HOSTS) */
  hostNames?: string[]
  /** the longest a change waits before the whole state file is written (default 1000 ms) */
  stateFlushMs?: number
  /** what /app-config.js says over the harness's own: e.g. mode 'production' with the SDKs' keys, a
   *  production bundle (staticDir) pointed at this harness as its API */
  appConfig?: Partial<AppConfig>
  /** serve the app under this sub-path ('/app/'): its files, /app/app-config.js and its routes there
   *  (index.html's <base href> set to it, so any build serves there); the API stays at the root */
  basePath?: string
}

export interface Harness {
  url: string
  ctx: HarnessContext
  realtime: RealtimeService
  im: ImService
  rtc: RtcService
  ops: Operations
  settings: SettingsStore
  events: EventLog
  reset(): void
  close(): Promise<void>
}

function factory<T>(given: Factory<T> | undefined, mod: Record<string, unknown>, name: string): Factory<T> {
  const found = given ?? (mod[name] as Factory<T> | undefined)
  if (typeof found !== 'function') throw new Error(`harness: the service module does not export ${name}; pass options.services to start with another`)
  return found
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const quiet = !!options.quiet
  const log = (...a: unknown[]) => !quiet && console.log('[harness]', ...a)
  const keysFile = fixture<HarnessKeys>('harness-config.json')
  const apps = fixture<{ defaultAppId: string }>('apps.json')
  const keys = { key: keysFile.cipherKey, iv: keysFile.cipherIv }
  // the RTC token endpoint is the harness's own (the video service is the kernel's, no plugin's)
  const slices = [...(await loadSlices(options.pluginsDir, options.plugins)), rtcModule.rtcSlice]
  const endpoints = mergeEntries(slices, (s) => s.endpoints, 'endpoint')
  const sliceControls = mergeEntries(slices, (s) => s.control, 'control endpoint')
  const statePath = resolve(options.statePath ?? join(projectRoot, '.harness/state.json'))
  const seed = () => buildSeed(slices)

  const events = createEventLog()
  // state changes come one per db write: the page hears of them at most every 200 ms
  let stateTimer: ReturnType<typeof setTimeout> | null = null
  const stateChanged = () => {
    stateTimer ??= setTimeout(() => {
      stateTimer = null
      events.emit({ kind: 'state' })
    }, 200)
  }
  // the file is locked and checked here: a second harness or a broken file refuses the start
  const store = openStore(statePath, { flushMs: options.stateFlushMs, onWrite: stateChanged, seed })
  const router = jsonServer.router(store.db)
  const db = router.db
  const settings = createSettings(options.settings)
  let baseUrl = ''
  const services: { realtime?: RealtimeService; im?: ImService; rtc?: RtcService } = {}
  const ctx = createContext({
    db,
    keys,
    settings: settings.get,
    push: (userId, pushType, data) => {
      store.commit() // what a push tells is in the journal before it leaves
      const reached = services.realtime?.push(userId, pushType, data) ?? 0
      events.emit({ kind: 'push', userId, pushType, reached })
      return reached
    },
    broadcast: (pushType, data) => {
      store.commit()
      const reached = services.realtime?.broadcast(pushType, data) ?? 0
      events.emit({ kind: 'push', userId: 'all', pushType, reached })
      return reached
    },
    baseUrl: () => baseUrl,
    rtc: () => services.rtc ?? null,
    im: () => services.im ?? null,
    quiet,
  })
  const realtime = (services.realtime = factory(options.services?.realtime, realtimeModule, 'createRealtimeService')(ctx))
  const im = (services.im = factory(options.services?.im, imModule, 'createImService')(ctx))
  const rtc = (services.rtc = factory(options.services?.rtc, rtcModule, 'createRtcService')(ctx))
  const upgrades: UpgradeService[] = [realtime, im, rtc, createChatRoomService(ctx)]
  const pushRaw = realtime.pushRaw.bind(realtime)
  realtime.pushRaw = (userId, text) => {
    const reached = pushRaw(userId, text)
    events.emit({ kind: 'push', userId, pushType: '(raw frame)', reached })
    return reached
  }

  const timeline = createHostTimeline(ctx)
  const restartTimeline = settings.onChange((now, before) => {
    if (now.hostTickMs !== before.hostTickMs) timeline.start()
    events.emit({ kind: 'settings' })
  })
  const reset = () => {
    db.setState(seed()).write()
    store.flush()
    settings.reset()
    // what the fakes and the messaging server keep in memory goes with the database
    forgetMemory(ctx)
    im.reset()
    log('state reset from fixtures')
  }
  const paidFor = slices.flatMap(({ slice }) => (slice.paidFor ? [slice.paidFor] : []))
  const ops = createOperations(ctx, { realtime: () => realtime, settings, controls: sliceControls, paidFor })
  const handleApi = createApi(ctx, { subscriptionKey: keysFile.subscriptionKey, settings, endpoints, quiet, onAnswer: (e) => events.emit({ kind: 'api', ...e }) })
  const controlInfo = mergeEntries(slices, (s) => s.controlInfo, 'control info')
  const handleControl = createControl({ ctx, ops, reset, scenarios: await loadScenarios(), timeline, realtime: () => realtime, sliceControls, controlInfo, events, openControl: !!options.openControl, apiPaths: [...endpoints.keys()].sort() })
  const publicEntries = new Set([...controlInfo].filter(([, i]) => i.entry.public).map(([name]) => name).concat(Object.values(OssEntry)))
  const oss = ossHandler(ctx)
  const guard = controlGuard({ open: !!options.openControl, publicEntries, hostNames: options.hostNames })

  /** what /app-config.js says, and index.html carries inline: the harness's own config, the slices' hints, the options' */
  const configScript = (req: IncomingMessage) => {
    const hints = slices.map(({ slice }) => slice.appConfig?.(ctx))
    return appConfigScript(Object.assign(appConfigFor(req, keysFile, apps.defaultAppId), ...hints, options.appConfig))
  }
  const app = httpApp(options, { store, router, settings, guard, publicEntries, endpoints, handleApi, handleControl, oss, configScript })

  const server = createServer(app)
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://harness').pathname
    const service = upgrades.find((s) => s.path === path)
    if (!service) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
      return
    }
    service.handleUpgrade(req, socket, head)
  })
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(options.port ?? 5173, options.host ?? '127.0.0.1', () => ok())
  }).catch((err) => {
    store.close() // the state file's lock goes with a harness that never started
    throw err
  })
  const address = server.address() as AddressInfo
  baseUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`

  const stoppers = slices.map(({ id, slice }) => {
    try {
      return slice.start?.(ctx) ?? undefined
    } catch (err) {
      throw new Error(`start of plugin ${id} failed: ${(err as Error).message}`)
    }
  })
  timeline.start()
  log(`listening on ${baseUrl} (state ${statePath}, ${endpoints.size} endpoints from ${slices.map((s) => s.id).join(', ') || 'no plugins'})`)

  return {
    url: baseUrl,
    ctx,
    realtime,
    im,
    rtc,
    ops,
    settings,
    events,
    reset,
    async close() {
      restartTimeline()
      if (stateTimer) clearTimeout(stateTimer)
      timeline.stop()
      for (const stop of stoppers) stop?.()
      for (const s of upgrades) s.close()
      server.closeAllConnections?.()
      await new Promise<void>((ok) => server.close(() => ok()))
      store.close()
    },
  }
}

/** The HTTP side, in the order a request meets it: the state committed before any answer, compression,
 *  CORS, the control guard, the raw state router, the API, the object store, the control API,
 *  /app-config.js, the page with its configuration inline, the app's files and the page for any route. */
function httpApp(
  options: HarnessOptions,
  h: {
    store: ReturnType<typeof openStore>
    router: ReturnType<typeof jsonServer.router>
    settings: SettingsStore
    guard: ReturnType<typeof controlGuard>
    publicEntries: Set<string>
    endpoints: Map<string, unknown>
    handleApi: ReturnType<typeof createApi>
    handleControl: ReturnType<typeof createControl>
    oss: ReturnType<typeof ossHandler>
    configScript: (req: IncomingMessage) => string
  },
) {
  const { store, router, settings, guard, publicEntries, endpoints, handleApi, handleControl, oss, configScript } = h
  const basePath = `/${(options.basePath ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/')
  const app = jsonServer.create()
  app.use(store.commitBeforeAnswer)
  const emptyDir = join(projectRoot, 'harness/scenarios') // never served: express.static needs some folder
  app.use(jsonServer.defaults({ static: options.staticDir ?? emptyDir, logger: false, noCors: true }).slice(0, 1)) // compression
  app.use(corsFor(() => (settings.get().appOrigins as string[] | undefined) ?? [], (path) => isPublicEntry(path, publicEntries)))
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const refusal = guard(req)
    if (!refusal) return next()
    res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify({ error: refusal }))
  })
  if (options.rawState) app.use('/__harness/db', dbBody, clearRouter(router), dbError)
  else app.use('/__harness/db', rawStateOff)
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = new URL(req.url ?? '/', 'http://harness').pathname
    // the spec's few paths outside /api (/user/account/info/*, /sts/getkey) are API calls too
    if (path.startsWith('/api/') || endpoints.has(path)) return void handleApi(req, res)
    if (path.startsWith('/__harness/') && oss(req, res, path.slice('/__harness/'.length))) return
    if (path === '/__harness' || path.startsWith('/__harness/')) return void handleControl(req, res)
    if (path === '/app-config.js' || path === `${basePath}app-config.js`) return sendRevalidated(req, res, configScript(req), 'text/javascript; charset=utf-8')
    next()
  })
  const page = (req: IncomingMessage, res: ServerResponse) => serveIndex(req, res, { staticDir: options.staticDir, basePath, configScript: () => configScript(req) })
  // the page itself (a client route, the base, or index.html by name), with its configuration inline
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = new URL(req.url ?? '/', 'http://harness').pathname
    if (options.staticDir && isPagePath(path, basePath)) return page(req, res)
    next()
  })
  if (options.staticDir) app.use(basePath, staticCacheHeaders('/'), ...jsonServer.defaults({ static: options.staticDir, logger: false, noCors: true, noGzip: true }))
  app.use(page)
  return app
}

/** /__harness/db without the flag: a clear refusal naming it, not the control API's 404 */
function rawStateOff(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify({ error: 'the raw state router is off; start the harness with HARNESS_RAW_STATE=1 (or rawState: true) to read and write the state file through /__harness/db' }))
}
