// Test support for the kernel's UI: a kernel made of the real router, overlays and events and
// small stand-ins for the rest, a React root under act(), and global fake timers.
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { computed, signal, type Signal } from '@preact/signals-react'
import { createEvents } from '../events.ts'
import { createOverlays } from '../overlays.tsx'
import { memorySource } from '../router-sources.ts'
import { createRouter } from '../router.tsx'
import { fakeTimers, type FakeTimers } from '../../test/fake-timers.ts'
import type { I18n, Locale } from '../i18n.ts'
import type { Kernel, Plugin, Scene } from '../types.ts'
import uiEn from '../../locales/en/kernel-ui.json'
import kernelEn from '../../locales/en/kernel.json'

export interface FakeKernel extends Kernel {
  loggedIn: Signal<boolean>
  locale: Signal<Locale>
}

/** A kernel for UI tests: real router (memory), overlays and events; i18n answers with the key. */
// the kernel's own English words, as the i18n has them once loaded
type Table = { [key: string]: string | Table }
const english: Table = { 'kernel-ui': uiEn, kernel: kernelEn }
/** 'kernel-ui.server.unknown' -> its text, or the key */
const englishText = (key: string) => {
  const v = key.split('.').reduce<string | Table | undefined>((at, k) => (typeof at === 'object' ? at[k] : undefined), english)
  return typeof v === 'string' ? v : key
}

export function fakeKernel(o: { plugins?: Plugin[]; path?: string; loggedIn?: boolean; mainPath?: string } = {}): FakeKernel {
  const plugins = o.plugins ?? []
  const router = createRouter(memorySource(o.path ?? '/'))
  const scene = signal<Scene>({})
  const loggedIn = signal(o.loggedIn ?? true)
  const locale = signal<Locale>('en')
  const i18n: I18n = {
    locale,
    dir: computed(() => (locale.value === 'ar' ? 'rtl' : 'ltr')),
    revision: signal(0),
    t: englishText,
    setLocale: async (l) => void (locale.value = l),
    ready: async () => {},
  }
  const overlays = createOverlays({
    defs: plugins.flatMap((p) => p.overlays ?? []),
    context: computed(() => ({ path: router.path.value, search: router.search.value, scene: scene.value })),
  })
  // the app loads the overlay code after its first screen; render() waits for it
  overlayLoads.push(overlays.load())
  const missing = (what: string) => () => {
    throw new Error(`fakeKernel has no ${what}`)
  }
  return {
    app: { appId: 'test', name: 'Test', plugins, settings: { tabs: [], mainPath: o.mainPath ?? '/wall', wellKnownPaths: [] } },
    plugins,
    pending: signal<readonly string[]>([]),
    loadPlugins: async () => {},
    config: { apiBase: '', wsBase: '', cipherKey: '', cipherIv: '', subscriptionKey: '', mode: 'harness' },
    api: undefined as never,
    session: { loggedIn } as unknown as Kernel['session'],
    realtime: undefined as never,
    push: undefined as never,
    overlays,
    i18n,
    router,
    bridge: undefined as never,
    events: createEvents(),
    scene,
    get: () => undefined,
    need: missing('services'),
    rtc: missing('rtc'),
    im: missing('im'),
    dispose: () => {
      overlays.dispose()
      router.dispose()
    },
    loggedIn,
    locale,
  }
}

export interface Rendered {
  container: HTMLElement
  /** the first element with this data-testid, or null */
  get(testId: string): HTMLElement | null
  all(testId: string): HTMLElement[]
  unmount(): void
}

/** the overlay hosts of fake kernels, loading */
const overlayLoads: Promise<void>[] = []

export async function render(node: ReactNode): Promise<Rendered> {
  // the app loads the overlay code after its first paint; a test has it at hand from the start
  await Promise.all(overlayLoads.splice(0))
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  await act(async () => root.render(node))
  return {
    container,
    get: (id) => document.querySelector(`[data-testid="${id}"]`),
    all: (id) => Array.from(document.querySelectorAll(`[data-testid="${id}"]`)),
    unmount() {
      act(() => root.unmount())
      container.remove()
    },
  }
}

export async function click(el: Element | null) {
  if (!el) throw new Error('nothing to click')
  await act(async () => void (el as HTMLElement).click())
}

export interface GlobalFakeTimers extends FakeTimers {
  restore(): void
}

/** Replace setTimeout/clearTimeout/Date.now with fake timers until restore(). */
export function installFakeTimers(): GlobalFakeTimers {
  const ft = fakeTimers()
  const g = globalThis as any
  const saved = { setTimeout: g.setTimeout, clearTimeout: g.clearTimeout, now: Date.now }
  g.setTimeout = ft.setTimeout
  g.clearTimeout = ft.clearTimeout
  Date.now = () => 1_700_000_000_000 + ft.now()
  return {
    ...ft,
    restore() {
      g.setTimeout = saved.setTimeout
      g.clearTimeout = saved.clearTimeout
      Date.now = saved.now
    },
  }
}
