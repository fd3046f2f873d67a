// createKernel: from an app manifest and a runtime config to a running kernel.
//
// The order matters and is the whole story of start-up:
//   1. the registry checks the plugin set (ids, requirements, one frame) and orders it
//   2. platform pieces: storage, the native bridge, events, the router (a wouter location hook)
//   3. who and where: i18n (from ?lang=), the session (token from storage, then from the URL)
//   4. overlays (their context follows the route and the scene), the api client, the push bus
//      with every plugin's handlers, the realtime socket (opens once logged in)
//   5. every plugin's setup, in requirement order; services are created on first use
//   6. the manifest's late plugins join after the first screen (or at once when a route, an
//      overlay or a push of theirs is wanted): checked with the rest, wired in, set up
// dispose() undoes 6, 5 and 4 in reverse, so a test can build and drop kernels freely.
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react'
import type { AppConfig } from './config.ts'
import type { AppManifest, Disposer, Events, Kernel, Plugin, Scene, ServiceRef, Strings } from './types.ts'
import { buildRegistry, type Registry } from './registry.ts'
import { createEvents } from './events.ts'
import { defaultStorage } from './storage.ts'
import { createBridge, createHarnessBridge, type NativeBridge } from './bridge.ts'
import { createI18n, type Locale } from './i18n.ts'
import { createSession, takeTokenFromUrl, type Session, type UrlTokenResult } from './session.ts'
import { createApiClient, type ApiClient, type Cipher, type Http } from './api.ts'
import { createPushBus, type PushBus } from './push.ts'
import type { createRealtime, RealtimeOptions, SocketClass, Timers } from './realtime.ts'
import { lazyRealtime } from './realtime-lazy.ts'
import { createOverlays } from './overlays.tsx'
import { createRouter, type KernelRouter, type LocationSource } from './router.tsx'
import { bindFirstScreen, openGate, type FirstScreenGate } from './first-screen.ts'
import { once } from './once.ts'
import type { RtcClient } from './rtc/types.ts'
import type { ImClient } from './im/types.ts'

export interface KernelOptions {
  app: AppManifest
  config: AppConfig
  /** default window.localStorage (memory when it refuses) */
  storage?: Storage
  /** default: the harness bridge in harness mode, else the native one */
  bridge?: NativeBridge
  /** where the location comes from; default the browser's (tests: memorySource('/wall') from router-sources.ts) */
  location?: LocationSource
  /** the query the app started with; default the router's */
  search?: string
  navigatorLanguage?: string
  /** dictionaries at hand before any lazy one loads (tests read them from disk); see createI18n */
  strings?: (locale: Locale, namespace: string) => Strings | undefined
  WebSocket?: SocketClass
  /** builds the realtime socket at once (tests pass realtime.ts's createRealtime); by default its
   *  code loads once there is a token (a guest never loads it) */
  createRealtime?: typeof createRealtime
  /** the wire cipher of the api client and the realtime token; default WebCrypto (tests pass the synchronous one) */
  cipher?: Cipher
  timers?: Timers
  /** the HTTP layer under the api client (fetch by default) */
  http?: Http
  /** services that win over the plugins' own (test fakes, or a link the app binds) */
  services?: Array<readonly [ServiceRef<any>, unknown]>
  /** the video adapter; `api` is for its join tokens (RtcTokenSource) */
  loadRtc?: (config: AppConfig, api: ApiClient) => Promise<RtcClient>
  loadIm?: (config: AppConfig) => Promise<ImClient>
  /** what waits for the first screen (background dictionaries, plugins' afterFirstScreen work);
   *  default open: everything at once */
  firstScreen?: FirstScreenGate
}

/** The kernel plus what the app root needs to render it. */
export interface KernelInstance extends Kernel {
  /** routes, overlays, frame and widgets of the ordered plugin set */
  readonly registry: Registry
  /** what the start URL did to the session (SHELL-09): the shell redirects on 'logout' */
  readonly entry: UrlTokenResult
  readonly router: KernelRouter
}

export function createKernel(opts: KernelOptions): KernelInstance {
  const { app, config } = opts
  let registry = buildRegistry(app.plugins, app.settings.tabs)
  const plugins = registry.plugins
  const pending = signal<readonly string[]>(registry.late.map((l) => l.id))
  // what waits for a late plugin (an overlay, a push of its type) loads them at once
  const lateWanted = () => (pending.peek().length ? loadPlugins() : null)

  const storage = opts.storage ?? defaultStorage()
  const bridge = opts.bridge ?? (config.mode === 'harness' ? createHarnessBridge() : createBridge())
  const events = createEvents()
  const router = createRouter(opts.location)
  const startSearch = opts.search ?? router.search.peek().toString()

  const firstScreen = opts.firstScreen ?? openGate
  const i18n = createI18n({
    plugins,
    search: new URLSearchParams(startSearch),
    storage,
    navigatorLanguage: opts.navigatorLanguage,
    preloaded: opts.strings,
    // dictionaries of pages not on screen wait for it (a page loads its own when opened)
    background: opts.firstScreen && ((load) => void firstScreen.done.then(load)),
  })
  const session = createSession({ storage, appId: app.appId })
  const entry = takeTokenFromUrl(startSearch, session)
  // a token must not stay in the address bar (shared links, screenshots, history)
  if (entry.changed) router.navigate(router.path.peek() + entry.search, { replace: true })

  const scene: Signal<Scene> = signal<Scene>({})
  const overlays = createOverlays({
    defs: registry.overlays,
    context: computed(() => ({ path: router.path.value, search: router.search.value, scene: scene.value })),
    missing: lateWanted,
    launch: LAUNCH_POPUPS,
  })
  const toast: Parameters<typeof createApiClient>[0]['toast'] = (text, o) => overlays.toast(text, o)

  const api = createApiClient({
    config,
    session,
    lang: () => i18n.locale.peek(),
    events,
    bridge,
    toast,
    t: (key) => i18n.t(key),
    http: opts.http,
    timers: opts.timers,
    cipher: opts.cipher,
  })

  let kernel!: KernelInstance
  const push = createPushBus({
    kernel: () => kernel,
    onError: (err, pushType) => console.error(`push handler for "${pushType}" failed`, err),
    missing: lateWanted,
  })
  const realtime = createKernelRealtime(opts, { session, push, storage, events, firstScreen, warn: (key) => toast(i18n.t(key), { type: 'warning' }) })

  const get = serviceGetter(() => registry, () => kernel, pending, opts.services)

  const rtc = once(() => (opts.loadRtc ?? defaultLoadRtc)(config, api))
  const im = once(() => (opts.loadIm ?? defaultLoadIm)(config))

  const { disposers, dispose, disposed } = disposerList()

  const runSetup = (p: Plugin) => {
    if (!p.setup) return
    const d = p.setup(kernel)
    if (typeof d === 'function') disposers.push(d)
  }

  // the joining code comes with the late plugins themselves; each plugin is looked at as it
  // arrives, so a page the address waits for loads beside the rest (late.ts: arrived)
  const join = once(() => {
    const code = import('./late.ts')
    const arrived = registry.late.map((l) => Promise.all([code, l.load()]).then(([late, m]) => late.arrived({ router, app, session, i18n }, m)))
    return Promise.all([code, ...arrived]).then(([late, ...loaded]) => {
      if (disposed()) return
      const use = (next: Registry) => void (registry = next)
      const failed = late.joinLate({ registry, use, overlays, i18n, push, disposers, runSetup, pending }, loaded)
      if (failed) throw failed
    })
  })
  const loadPlugins = (): Promise<void> => (pending.peek().length ? join() : Promise.resolve())

  kernel = {
    app,
    get plugins() {
      return registry.plugins
    },
    pending,
    loadPlugins,
    config,
    api,
    session,
    realtime,
    push,
    overlays,
    i18n,
    router,
    bridge,
    events,
    scene,
    get registry() {
      return registry
    },
    entry,
    get,
    need<T>(ref: ServiceRef<T>): T {
      const s = get(ref)
      if (s !== undefined) return s
      const waiting = pending.peek()
      if (waiting.length) throw new Error(`service "${ref.id}" is needed before the late plugins (${waiting.join(', ')}) have loaded`)
      throw new Error(`service "${ref.id}" is needed but no plugin of app "${app.appId}" provides it`)
    },
    rtc,
    im,
    dispose,
  }

  bindFirstScreen(kernel, firstScreen)
  disposers.push(() => router.dispose(), () => overlays.dispose(), () => realtime.dispose())
  for (const { pushType, handler } of registry.push) disposers.push(push.on(pushType, handler))

  for (const p of plugins) {
    try {
      runSetup(p)
    } catch (err) {
      dispose()
      throw new Error(`plugin "${p.id}" failed in setup: ${messageOf(err)}`, { cause: err })
    }
  }

  // opens now when logged in; from here on it follows login and logout by itself
  realtime.connect()
  // the rest of the app joins once the first screen is shown
  if (pending.peek().length) void firstScreen.done.then(() => joinInBackground(loadPlugins, () => !disposed() && pending.peek().length > 0))
  return kernel
}

/** The realtime socket as the kernel wires it: its code (over 2 KB) is no part of the first screen, so
 *  it loads once there is a token, after the first screen is shown (a guest never loads it); tests
 *  build it at once. */
function createKernelRealtime(
  opts: KernelOptions,
  k: { session: Session; push: PushBus; storage: Storage; events: Events; firstScreen: FirstScreenGate; warn: (key: string) => void },
) {
  const { config, cipher } = opts
  const { session, warn } = k
  const options: RealtimeOptions = {
    config,
    token: session.token,
    push: k.push,
    onGiveUp: () => warn('kernel.wsFailed'),
    // a revoked token's socket is closed by the server: the app is a guest's again, as after a dead request
    onUnauthorized: (token) => session.token.peek() === token && (session.logout(), warn('kernel.unauthorized')),
    follow: { storage: k.storage, session },
    events: k.events,
    WebSocket: opts.WebSocket,
    timers: opts.timers,
    encryptToken: cipher && ((token) => cipher.encrypt(token, { key: config.cipherKey, iv: config.cipherIv })),
    // a user's socket opens once the first screen is shown, not with it
    after: opts.firstScreen?.painted,
  }
  return opts.createRealtime ? opts.createRealtime(options) : lazyRealtime(options, undefined, k.firstScreen.painted)
}

/** What setup and the kernel leave to undo: undone once, the last first; an undo that fails is logged. */
function disposerList() {
  const disposers: Disposer[] = []
  let done = false
  const dispose = () => {
    if (done) return
    done = true
    for (const d of disposers.splice(0).reverse()) {
      try {
        d()
      } catch (err) {
        console.error('a kernel disposer failed', err)
      }
    }
  }
  return { disposers, dispose, disposed: () => done }
}

/** Services are created on first get/need, each once, with the finished kernel; fakes (tests) win. */
function serviceGetter(registry: () => Registry, kernel: () => Kernel, pending: ReadonlySignal<readonly string[]>, fakeList: KernelOptions['services'] = []) {
  const fakes = new Map<string, unknown>(fakeList.map(([ref, impl]) => [ref.id, impl]))
  const created = new Map<string, unknown>()
  const creating: string[] = []
  return <T>(ref: ServiceRef<T>): T | undefined => {
    if (fakes.has(ref.id)) return fakes.get(ref.id) as T
    if (created.has(ref.id)) return created.get(ref.id) as T
    const entry = registry().services.get(ref.id)
    // a late plugin may still bring it: a component or computed reading this follows its arrival
    if (!entry) return void pending.value
    if (creating.includes(ref.id)) {
      throw new Error(`services need each other in a cycle: ${[...creating, ref.id].join(' -> ')}`)
    }
    creating.push(ref.id)
    try {
      const service = entry.provider.create(kernel())
      created.set(ref.id, service)
      return service as T
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('services need each other')) throw err
      throw new Error(`service "${ref.id}" of plugin "${entry.plugin}" failed to start: ${messageOf(err)}`, { cause: err })
    } finally {
      creating.pop()
    }
  }
}

/** SHELL-17: launch popups (offers, transfer, activity, discounts, check-in) arrive within a second or
 *  two of each other; the best two show, one at a time; the rest on a later visit of their page */
const LAUNCH_POPUPS = { gatherMs: 1500, max: 2 }

/** background tries of the late plugins after the first one failed, and the pause before each (growing) */
const LATE_RETRIES = 3
const LATE_RETRY_MS = 5000

/** Join the late plugins; a failed load (a dropped connection) is tried again when the browser is
 *  back online, or a little later, a few times, while `wanted()` */
function joinInBackground(load: () => Promise<void>, wanted: () => boolean, attempt = 0): void {
  if (!wanted()) return
  load().catch((err) => {
    console.error('[app] late plugins failed to load', err)
    if (attempt >= LATE_RETRIES || !wanted()) return
    const again = () => joinInBackground(load, wanted, attempt + 1)
    if (globalThis.navigator?.onLine === false && globalThis.addEventListener) globalThis.addEventListener('online', again, { once: true })
    else setTimeout(again, LATE_RETRY_MS * (attempt + 1))
  })
}

const defaultLoadRtc = (config: AppConfig, api: ApiClient) => import('./rtc/load.ts').then((m) => m.loadRtc(config, api))
const defaultLoadIm = (config: AppConfig) => import('./im/load.ts').then((m) => m.loadIm(config))


function messageOf(err: unknown) {
  return err instanceof Error ? err.message : String(err)
}

export type * from './types.ts'
