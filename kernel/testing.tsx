// A kernel for plugin tests: mount the plugins under test with fakes for the rest.
//
//   const t = createTestKernel({ plugins: [shell(), wall()], path: '/wall', api: (path) => ... })
//   const view = await t.render()          // the whole app: frame, routes, overlays
//   t.push('host.status', { userId: 1, onlineStatus: 2 })
//   t.location.navigate('/user')
//   t.dispose()
//
// Nothing here touches the network: the api client's HTTP layer is replaced by `api` (a fake
// backend speaking the real envelope and cipher, so the kernel's code paths are the real ones),
// the realtime socket is a FakeSocket the test opens by hand, the bridge only records.
import { readFileSync } from 'node:fs'
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { Router as WouterRouter } from 'wouter'
import harnessKeys from '../fixtures/harness-config.json'
import { createKernel, type KernelInstance } from './index.ts'
import { KernelApp } from './App.tsx'
import { KernelContext } from './hooks.ts'
import { OverlayHost } from './overlays.tsx'
import { wouterHooks } from './router.tsx'
import { memorySource } from './router-sources.ts'
import { settle } from '../test/wait.ts'
import { memoryStorage } from './storage.ts'
import { decrypt, encrypt } from './protocol/cipher.ts'
import { Code } from './protocol/envelope.ts'
import type { AppConfig } from './config.ts'
import type { ImClient } from './im/types.ts'
import type { AppSettings, PluginEntry, ServiceRef, Strings } from './types.ts'
import type { Http } from './api.ts'
import type { Locale } from './i18n.ts'
import type { NativeBridge, StorePurchase } from './bridge.ts'
import { createRealtime, type SocketLike, type Timers } from './realtime.ts'
import type { FirstScreenGate } from './first-screen.ts'

/** A fake backend: the decrypted payload in, the result out (or a serverCode / httpStatus answer). */
export type FakeApi = (path: string, payload: any, headers: Record<string, string>) => unknown

const CODE = Symbol('server code')
const STATUS = Symbol('http status')
/** answer { code, msg } instead of a result, e.g. serverCode('1080', 'diamond.not.enough') */
export const serverCode = (code: string, msg = '') => ({ [CODE]: true, code, msg })
/** answer with an HTTP status and no envelope, e.g. httpStatus(500) */
export const httpStatus = (status: number) => ({ [STATUS]: true, status })

declare const checked: unique symbol
/** A stand-in for the service behind a ref: made only by fake(), so it was type-checked. */
export type Fake = readonly [ServiceRef<unknown>, unknown] & { readonly [checked]: true }

/** A stand-in for the service behind `ref`: only the parts the test uses, checked against the
 *  ref's type (a wrong name or signature fails the type check, not the test at run time). */
export function fake<T>(ref: ServiceRef<T>, impl: Partial<T>): Fake {
  return [ref, impl] as unknown as Fake
}

declare module './types.ts' {
  interface PushTypes {
    /** a push the kernel's own tests send and handle */
    'test.ping': { n?: number; userId?: number }
  }
}

export interface TestKernelOptions {
  /** definitions, and late plugins (`later(id, load)`), which join at once: a test kernel has no first-screen gate */
  plugins: PluginEntry[]
  /** start URL, default '/' */
  path?: string
  config?: Partial<AppConfig>
  settings?: Partial<AppSettings>
  appId?: string
  /** services replacing (or standing in for) the plugins' own, each made by fake(ref, partial) */
  fakes?: readonly Fake[]
  api?: FakeApi
  locale?: Locale
  /** logged in with this token; default a guest */
  token?: string | null
  /** localStorage to start with */
  storage?: Record<string, string>
  timers?: Timers
  /** what waits for the first screen (late plugins, background strings); default open */
  firstScreen?: FirstScreenGate
  /** the messaging client; default the app's loader (which has no service in a test) */
  loadIm?: () => Promise<ImClient>
}

interface ApiCall {
  path: string
  payload: any
  headers: Record<string, string>
}

export interface TestKernel {
  kernel: KernelInstance
  location: {
    path(): string
    search(): URLSearchParams
    navigate(to: string, opts?: { replace?: boolean }): void
    /** every URL shown, in order */
    history: string[]
  }
  storage: Storage
  /** every request the api client sent, decrypted */
  requests: ApiCall[]
  /**
   * every request the fake server has answered (or failed), by path: the positive sign a test
   * waits for (then settles) before it checks that the answer made nothing show
   */
  answered: Array<{ path: string; payload: unknown }>
  /** every toast shown */
  toasts: Array<{ text: string; type?: string }>
  bridge: NativeBridge & { calls: Array<[string, ...unknown[]]> }
  sockets: FakeSocket[]
  /** dispatch one push as if the server sent it; returns what the bus returned */
  push(pushType: string, data: Record<string, unknown>, msgId?: string): boolean
  /** mount the whole app, or `ui` inside the kernel's context; resolves once lazy chunks settle */
  render(ui?: ReactNode): Promise<{ container: HTMLElement; unmount(): void }>
  /** the one settle() of test/wait.ts: until the page stops changing (lazy chunks, effects) */
  settle(): Promise<void>
  dispose(): void
}

const defaultConfig: AppConfig = {
  apiBase: 'http://api.test',
  wsBase: 'ws://api.test/ws',
  cipherKey: harnessKeys.cipherKey,
  cipherIv: harnessKeys.cipherIv,
  subscriptionKey: harnessKeys.subscriptionKey,
  mode: 'harness',
}

const defaultSettings: AppSettings = { tabs: [], mainPath: '/wall', wellKnownPaths: [] }

let pushSeq = 0

/**
 * The app loads each language's dictionaries lazily; a test kernel reads them from
 * locales/<lang>/<namespace>.json at once, so it speaks from its first line.
 */
function stringsFromDisk(locale: Locale, namespace: string): Strings | undefined {
  try {
    return JSON.parse(readFileSync(new URL(`../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as Strings
  } catch {
    return undefined
  }
}

export function createTestKernel(o: TestKernelOptions): TestKernel {
  const config: AppConfig = { ...defaultConfig, ...o.config }
  const initial: Record<string, string> = { ...o.storage }
  if (o.token) initial.token = o.token
  if (o.locale) initial.lang = o.locale
  const storage = memoryStorage(initial)
  const requests: ApiCall[] = []
  const toasts: TestKernel['toasts'] = []
  const sockets: FakeSocket[] = []
  const bridge = recordingBridge()

  const keys = { key: config.cipherKey, iv: config.cipherIv }
  const answered: TestKernel['answered'] = []
  const http: Http = {
    post: (async (url: string, body: { data: string }, cfg: { headers: Record<string, string> }) => {
      const path = url.slice(config.apiBase.replace(/\/+$/, '').length)
      const payload = decrypt(body.data, keys)
      requests.push({ path, payload, headers: cfg.headers })
      // recorded as the answer leaves the fake server: requests made while the kernel is created (a
      // plugin's setup) count too, and the caller's continuation follows within a few turns
      try {
        return await answerOf(path, payload, cfg.headers)
      } finally {
        answered.push({ path, payload })
      }
    }) as Http['post'],
  }
  async function answerOf(path: string, payload: unknown, headers: Record<string, string>) {
      let answer: unknown
      try {
        answer = o.api ? await o.api(path, payload, headers) : serverCode(Code.unknownPath, `no fake API answer for ${path}`)
      } catch (thrown) {
        answer = thrown
      }
      if (answer && typeof answer === 'object' && STATUS in answer) throw { status: (answer as unknown as { status: number }).status, data: '' }
      if (answer && typeof answer === 'object' && CODE in answer) {
        const a = answer as unknown as { code: string; msg: string }
        return { status: 200, data: { code: a.code, msg: a.msg, data: null } }
      }
      if (answer instanceof Error) throw answer
      return { status: 200, data: { code: Code.ok, msg: 'success', data: answer === undefined ? null : encrypt(answer, keys) } }
  }

  const Socket = class extends FakeSocket {
    constructor(url: string) {
      super(url)
      sockets.push(this)
    }
  }

  const kernel = createKernel({
    app: {
      appId: o.appId ?? 'test-app',
      name: 'test',
      plugins: o.plugins,
      settings: { ...defaultSettings, ...o.settings },
    },
    config,
    storage,
    bridge,
    location: memorySource(o.path ?? '/'),
    navigatorLanguage: 'en',
    strings: stringsFromDisk,
    WebSocket: Socket,
    createRealtime,
    // the app encrypts with WebCrypto (asynchronous, off the main thread); crypto-js gives the
    // same text at once, so a test's settle() sees its answers sooner
    cipher: { encrypt, decrypt },
    timers: o.timers,
    http,
    services: o.fakes ? [...o.fakes] : undefined,
    firstScreen: o.firstScreen,
    loadIm: o.loadIm,
  })

  const toast = kernel.overlays.toast.bind(kernel.overlays)
  kernel.overlays.toast = (text, opts) => {
    toasts.push({ text, type: opts?.type })
    toast(text, opts)
  }

  const url = () => {
    const q = kernel.router.search.peek().toString()
    return kernel.router.path.peek() + (q ? `?${q}` : '')
  }
  const history = [url()]
  const stopHistory = kernel.router.path.subscribe(() => {
    const u = url()
    if (history[history.length - 1] !== u) history.push(u)
  })

  const mounted: Array<() => void> = []
  return {
    kernel,
    storage,
    requests,
    answered,
    toasts,
    bridge,
    sockets,
    location: {
      path: () => kernel.router.path.peek(),
      search: () => kernel.router.search.peek(),
      navigate: (to, opts) => act(() => kernel.router.navigate(to, opts)),
      history,
    },
    push(pushType, data, msgId = `test-${++pushSeq}`) {
      let r = false
      act(() => {
        r = kernel.push.dispatch({ msgId, pushType, data })
      })
      return r
    },
    async render(ui) {
      // the app loads the overlay code after its first screen; a test has it at hand from the start
      await kernel.overlays.load()
      const container = document.createElement('div')
      document.body.appendChild(container)
      const root = createRoot(container)
      const hooks = wouterHooks(kernel.router)
      await act(async () => {
        root.render(
          ui === undefined ? (
            <KernelApp kernel={kernel} />
          ) : (
            <KernelContext.Provider value={kernel}>
              <WouterRouter hook={hooks.hook} searchHook={hooks.searchHook}>
                {ui}
                <OverlayHost />
              </WouterRouter>
            </KernelContext.Provider>
          ),
        )
      })
      await settle()
      const unmount = () => {
        act(() => root.unmount())
        container.remove()
      }
      mounted.push(unmount)
      return { container, unmount }
    },
    settle,
    dispose() {
      stopHistory()
      for (const u of mounted.splice(0)) u()
      kernel.dispose()
    },
  }
}

/** A realtime socket that never touches the network; the test drives it. */
export class FakeSocket implements SocketLike {
  readyState = 0
  sent: unknown[] = []
  onopen: ((ev: any) => void) | null = null
  onmessage: ((ev: { data: unknown }) => void) | null = null
  onclose: ((ev: any) => void) | null = null
  onerror: ((ev: any) => void) | null = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.readyState = 3
  }
  /** the server accepted the connection */
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  /** the server sent a frame */
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) })
  }
  /** the connection dropped */
  fail() {
    this.readyState = 3
    this.onclose?.({})
  }
}

function recordingBridge(): TestKernel['bridge'] {
  const calls: Array<[string, ...unknown[]]> = []
  return {
    calls,
    appId: () => null,
    closeWebview: () => void calls.push(['closeWebview']),
    openExternal: (url: string) => void calls.push(['openExternal', url]),
    purchase: async (p: StorePurchase) => {
      calls.push(['purchase', p])
      return { receipt: `test-receipt:${p.orderCode}` }
    },
  }
}
