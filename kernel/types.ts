// The contract between the kernel and its plugins. The kernel knows no plugin:
// everything a feature brings (routes, overlays, push handlers, services, strings)
// arrives through a Plugin object, and everything it may use arrives through Kernel.
import type { ComponentType, ReactNode } from 'react'
import type { ReadonlySignal, Signal } from '@preact/signals-react'
import type { AppConfig } from './config.ts'
import type { ApiClient } from './api.ts'
import type { PushBus } from './push.ts'
import type { Realtime } from './realtime.ts'
import type { Overlays } from './overlays.tsx'
import type { I18n } from './i18n.ts'
import type { Session } from './session.ts'
import type { NativeBridge } from './bridge.ts'
import type { RtcClient } from './rtc/types.ts'
import type { ImClient } from './im/types.ts'

/** A lazily imported module whose default export is a component. */
export type LazyComponent<P = any> = () => Promise<{ default: ComponentType<P> }>

/** Rosetta dictionary of one plugin in one language; keys are namespaced by plugin id at merge. */
export type Strings = { [key: string]: string | Strings }

/**
 * One language of a plugin's strings: the dictionary itself, or a loader of it
 * (`() => import('../../locales/ar/wall.json')`) so a language the user does not read stays
 * out of the first bundle. The kernel loads the active language before the first render and
 * another one when the user switches (I18n.setLocale).
 */
export type StringsSource = Strings | (() => Promise<Strings | { default: Strings }>)

export interface RouteDef {
  /** wouter pattern; several paths may share a page (e.g. '/wall' and '/white-wall'). */
  path: string | string[]
  page: LazyComponent
  /** a guest who opens it gets the login popup instead */
  auth?: boolean
  /** the main tab this route belongs to ('home' | 'wall' | 'moments' | 'message' | 'user');
   *  which tabs exist and their paths come from the app manifest settings */
  tab?: string
  /** a first screen's page: its plugin's moreStrings load after the first screen, not with the page
   *  (the parts that speak them wait for them) */
  first?: boolean
}

/** Overlay tiers, highest first when several render at once. */
export const Tier = { system: 40, modal: 30, sheet: 20, toast: 50, float: 10 } as const
export type TierName = keyof typeof Tier

/** What an overlay's `when` sees: where the user is and what is going on. */
export interface OverlayContext {
  path: string
  search: URLSearchParams
  scene: Scene
}

export interface OverlayDef {
  id: string
  tier: TierName
  component: LazyComponent<OverlayProps<any>> | ComponentType<OverlayProps<any>>
  /** queued popups (SHELL-17) show one at a time, lowest priority number first */
  priority?: number
  /** may it show now? Re-evaluated when route or scene changes; a queued popup waits until true */
  when?: (ctx: OverlayContext) => boolean
  /** may Escape or a tap on the backdrop close it? default: yes for modal and sheet, no otherwise */
  dismissable?: boolean
  /** the plugin that defines it (the kernel sets it), whose strings a lazy component waits for */
  plugin?: string
}

export interface OverlayProps<P = unknown> {
  props: P
  /** close this overlay, resolving the promise returned by open() with `result` */
  close: (result?: unknown) => void
}

/**
 * Push types by name, with the data each carries: declared by the plugin that owns the push, in
 * its api.ts, so a handler's key and data are checked and no plugin invents a name:
 *   declare module '../../kernel/types.ts' { interface PushTypes { 'call.notify': CallNotify } }
 */
export interface PushTypes {}
export type PushName = keyof PushTypes

/** Push handler: data is the payload of one push message, as its type declares it; the kernel only
 *  checked it is an object, so a handler checks what it relies on. Errors are caught by the kernel. */
export type PushHandler<K extends PushName = PushName> = (data: PushTypes[K], kernel: Kernel, message: PushMessage) => void

/** A plugin's push handlers, by declared push type. */
export type PushHandlers = { [K in PushName]?: PushHandler<K> }

/** A handler as the push bus keeps it: by name, of any type (the kernel only routes). */
export type BusHandler = (data: any, kernel: Kernel, message: PushMessage) => void

export interface PushMessage {
  msgId: string
  pushType: string
  data: Record<string, unknown>
}

/**
 * Scene marks: what is going on, each declared by the plugin that sets it, in its api.ts, and read
 * by anyone (tab bar, overlays, suppression rules):
 *   declare module '../../kernel/types.ts' { interface SceneMarks { call: boolean } }
 */
export interface SceneMarks {
  /** a live room is open (the live room sets it; read by overlays and the call and pay rules) */
  live: boolean
}

/** The scene: the marks set so far (a mark never set reads undefined, i.e. not going on). */
export type Scene = { readonly [K in keyof SceneMarks]?: SceneMarks[K] }

/** A typed handle on a service some plugin provides. */
export interface ServiceRef<T> {
  readonly id: string
  /** phantom, never set */
  readonly __type?: T
}

export interface ServiceProvider<T = any> {
  ref: ServiceRef<T>
  create: (kernel: Kernel) => T
}

export type Disposer = () => void

export interface Plugin {
  id: string
  /** ids of plugins it cannot live without; the kernel fails fast, naming both, when one is missing */
  requires?: string[]
  routes?: RouteDef[]
  overlays?: OverlayDef[]
  push?: PushHandlers
  services?: ServiceProvider[]
  /** per language, eager or lazy (see StringsSource); lazy is preferred for the first bundle */
  strings?: { en: StringsSource; ar: StringsSource }
  /** the rest of its strings (same namespace, other top-level keys), which its frame, widgets and
   *  main page never show: they load after the first screen, or with one of its pages or overlays */
  moreStrings?: { en: StringsSource; ar: StringsSource }
  /** the page frame (header, tab bar...) around the routed page; at most one plugin may bring one */
  frame?: ComponentType<{ children: ReactNode }>
  /** CSS (imported as text) that its frame or main page needs from the first paint: the kernel adds
   *  it at mount, and the build moves it into the first screen's stylesheet */
  styles?: string[]
  /** SVG sheets of <symbol>s (imported as text) its frame or main page draw from the first paint
   *  (<Sprite id>): the kernel adds them at mount, and the build writes them into index.html */
  sprites?: string[]
  /** components always mounted beside the routed page (floating buttons, banners) */
  widgets?: ComponentType[]
  /** runs once every plugin is registered and every service created */
  setup?: (kernel: Kernel) => void | Disposer
}

/**
 * A plugin the app registers after its first screen (or as soon as something needs it: a route,
 * an overlay or a push of its own), so its code stays out of the first bundle. The manifest names
 * it, so requirements can be checked before it loads; `load` brings the definition.
 */
export interface LatePlugin {
  id: string
  load: () => Promise<Plugin | { default: Plugin }>
}

export type PluginEntry = Plugin | LatePlugin | false | null | undefined

export interface TabSetting {
  id: string
  path: string
  icon: string
  /** i18n key */
  label: string
}

export interface AppSettings {
  /** main tabs in order; the tab bar shows on these paths only */
  tabs: TabSetting[]
  /** where the landing page leads and protected redirects fall back to */
  mainPath: string
  /** paths the root does not redirect to /landingPage (SHELL-02) */
  wellKnownPaths: string[]
  [key: string]: unknown
}

export interface AppManifest {
  appId: string
  name: string
  /** the plugin set: definitions, and late plugins (`later(id, load)`) that join after the first screen */
  plugins: PluginEntry[]
  settings: AppSettings
}

export interface Router {
  path: ReadonlySignal<string>
  search: ReadonlySignal<URLSearchParams>
  navigate: (to: string, opts?: { replace?: boolean }) => void
  back: () => void
  /** is there an earlier in-app page to go back to? Absent: assume not (go to the main path) */
  canGoBack?: () => boolean
}

/**
 * Events by name, with their payload. The kernel declares those it raises; a plugin declares its
 * own in its api.ts (declare module '../../kernel/types.ts' { interface KernelEvents { ... } }).
 */
export interface KernelEvents {
  /** code 1080 / diamond.not.enough (NET-02): a recharge plugin may open its sheet */
  'insufficient-balance': { path: string; source?: string }
  /** a login protected tab or route was tapped by a guest */
  'login-required': { to: string }
  /** the app may have missed pushes (the socket reopened, the app returned to the foreground):
   *  each plugin asks the server for what it shows (kernel/resync.ts) */
  resync: { reason: 'reconnect' | 'foreground' }
}

export interface Events {
  on<K extends keyof KernelEvents>(name: K, fn: (e: KernelEvents[K]) => void): Disposer
  emit<K extends keyof KernelEvents>(name: K, e: KernelEvents[K]): void
}

export interface Kernel {
  readonly app: AppManifest
  /** the plugins registered so far, in requirement order (late ones join when loaded) */
  readonly plugins: readonly Plugin[]
  /** ids of the manifest's late plugins not registered yet; reading it in a component re-renders
   *  it when they join */
  readonly pending: ReadonlySignal<readonly string[]>
  /** register the late plugins now (once; a failed load may be tried again). Resolves when every
   *  one is registered and set up; at once when none is pending */
  loadPlugins(): Promise<void>
  readonly config: AppConfig
  readonly api: ApiClient
  readonly session: Session
  readonly realtime: Realtime
  readonly push: PushBus
  readonly overlays: Overlays
  readonly i18n: I18n
  readonly router: Router
  readonly bridge: NativeBridge
  readonly events: Events
  readonly scene: Signal<Scene>
  /** the service behind ref, or undefined when no plugin of this build provides it (an optional link hides) */
  get<T>(ref: ServiceRef<T>): T | undefined
  /** the service behind ref, or an error naming it */
  need<T>(ref: ServiceRef<T>): T
  /** the real-time video client: the real SDK adapter or the harness one, loaded on first use */
  rtc(): Promise<RtcClient>
  /** the instant-messaging client, loaded on first use */
  im(): Promise<ImClient>
  dispose(): void
}
