// Routing: one location source, mirrored into signals (so overlays, the tab bar and plugin code
// outside React always know the path), and the wouter hook that lets <Switch>/<Link> follow it.
//
// The source is the browser's by default; tests and previews hand in an in-memory history or any
// wouter location hook (router-sources.ts), which the first bundle then never carries.
import { routePaths } from './plugin.ts'
import { Component, Suspense, lazy, useEffect, useMemo, type ComponentType, type ErrorInfo, type ReactNode } from 'react'
import { batch, computed, signal } from '@preact/signals-react'
import { Route, Router as WouterRouter, Switch, type BaseLocationHook, type BaseSearchHook } from 'wouter'
import { navigate as browserNavigate } from 'wouter/use-browser-location'
import { useKernel, useSignalValue } from './hooks.ts'
import { firstScreenShown } from './first-screen.ts'
import { UPDATE_DIALOG } from './overlays.tsx'
import { isChunkLoadError } from './errors.ts'
import type { Kernel, LazyComponent, RouteDef, Router, TabSetting } from './types.ts'
import { ErrorState } from './ui/States.tsx'
import { PageSpinner } from './ui/Spinner.tsx'
import { useText } from './ui/text.ts'

export interface KernelRouter extends Router {
  /** the wouter location hook driven by this router (<WouterRouter hook={router.hook}>) */
  hook: BaseLocationHook
  searchHook: BaseSearchHook
  /** present when following a foreign React hook: render it once inside the app */
  Sync?: ComponentType
  /** is there an earlier in-app page to go back to? (false on a deep link's first page) */
  canGoBack(): boolean
  dispose(): void
}

/** Where the location comes from: the browser, an in-memory history, a foreign wouter hook. */
export interface LocationSource {
  read(): { path: string; search: string }
  navigate(to: string, replace: boolean): void
  back(): void
  canGoBack(): boolean
  subscribe(onChange: () => void): () => void
  /** a source that lives inside React renders this once in the app */
  Sync?: ComponentType
}

const LOCATION_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange']

// Each entry this app pushes carries its depth in history.state, so after any mix of pushes,
// back and forward (and reloads) the current entry says whether an in-app page lies behind it.
// history.length cannot: it counts pages of other sites and of an earlier visit too.
const DEPTH_KEY = 'appDepth'
const depthOf = (state: unknown) => Number((state as Record<string, unknown> | null)?.[DEPTH_KEY]) || 0

/**
 * The path the app is served under, from index.html's <base href> ('/' or a sub-path such as
 * '/app/', without its trailing slash here: '' or '/app'). The app's own paths ('/wall') sit below it.
 */
function appBase(): string {
  const href = typeof document === 'undefined' ? null : document.querySelector('base')?.getAttribute('href')
  if (!href) return ''
  try {
    return new URL(href, location.href).pathname.replace(/\/+$/, '')
  } catch {
    return ''
  }
}

/** a browser path as the app's own: '/app/wall' -> '/wall' under '/app' (a path outside it stays as it is) */
const withinBase = (pathname: string, base: string) =>
  !base ? pathname : pathname === base ? '/' : pathname.startsWith(base + '/') ? pathname.slice(base.length) : pathname

function browserSource(base = appBase()): LocationSource {
  return {
    read: () => ({ path: withinBase(location.pathname, base), search: location.search }),
    // wouter's navigate fires a pushState/replaceState event we listen to below
    navigate(to, replace) {
      const depth = depthOf(history.state)
      browserNavigate(base + to, { replace, state: { [DEPTH_KEY]: replace ? depth : depth + 1 } })
    },
    back: () => history.back(),
    canGoBack: () => depthOf(history.state) > 0,
    subscribe(onChange) {
      LOCATION_EVENTS.forEach((e) => addEventListener(e, onChange))
      return () => LOCATION_EVENTS.forEach((e) => removeEventListener(e, onChange))
    },
  }
}

const bare = (search: string) => search.replace(/^\?/, '')

export function createRouter(src: LocationSource = browserSource()): KernelRouter {
  const path = signal('/')
  const searchText = signal('')
  const search = computed(() => new URLSearchParams(searchText.value))
  const set = (loc: { path: string; search: string }) =>
    batch(() => {
      path.value = loc.path
      searchText.value = bare(loc.search)
    })
  // '?tab=2' keeps the path; anything else is a full in-app URL
  // '//evil.example/wall' or '/\\evil.example' as a path to go to is one path of ours
  // ('/evil.example/wall'), never another host: history.replaceState with it would throw (another
  // origin) and stop the app (the start path is replaced through here when it carried a token)
  const resolve = (to: string) => (to.startsWith('?') ? path.peek() + to : to.replace(/^[\\/]+/, '/'))
  set(src.read())
  const dispose = src.subscribe(() => set(src.read()))

  const router: KernelRouter = {
    path,
    search,
    navigate: (to, o) => src.navigate(resolve(to), !!o?.replace),
    back: () => src.back(),
    canGoBack: () => src.canGoBack(),
    hook: undefined as unknown as BaseLocationHook,
    searchHook: undefined as unknown as BaseSearchHook,
    Sync: src.Sync,
    dispose,
  }
  const hooks = wouterHooks(router)
  router.hook = hooks.hook
  router.searchHook = hooks.searchHook
  return router
}

const hookCache = new WeakMap<Router, { hook: BaseLocationHook; searchHook: BaseSearchHook }>()

/** wouter hooks that follow any kernel Router (also a test's fake one) through its signals. */
export function wouterHooks(router: Router): { hook: BaseLocationHook; searchHook: BaseSearchHook } {
  let hooks = hookCache.get(router)
  if (!hooks) {
    const searchText = computed(() => router.search.value.toString())
    const nav = (to: string, o?: { replace?: boolean }) => router.navigate(to, o)
    hooks = {
      hook: () => [useSignalValue(router.path), nav],
      searchHook: () => useSignalValue(searchText),
    }
    hookCache.set(router, hooks)
  }
  return hooks
}

/** Does path match one of these wouter patterns? (e.g. the root redirect's well-known paths, SHELL-02) */
export function matchesAny(path: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => patternToRegExp(p).test(path))
}

/** Does this route serve the in-app path (its own paths, or its main tab's path in this app)? */
export function serves(route: Pick<RouteDef, 'path' | 'tab'>, path: string, tabs: readonly TabSetting[]): boolean {
  return matchesAny(path, routePaths(route, tabs))
}

/**
 * Does a route of the plugins registered so far serve this in-app path ('/rank', '/vip?x=1')?
 * A control leading to a feature this build lacks asks it and hides. Read inside a component
 * (after useSignals) or a computed, it follows late plugins joining: the control appears with them.
 */
export function isRouted(kernel: Pick<Kernel, 'plugins' | 'pending' | 'app'>, to: string): boolean {
  void kernel.pending.value // a dependency: late plugins bring routes
  const path = to.split(/[?#]/)[0]
  return kernel.plugins.some((p) => (p.routes ?? []).some((r) => serves(r, path, kernel.app.settings.tabs)))
}

function patternToRegExp(pattern: string): RegExp {
  // the subset of wouter patterns the manifests use: literal segments, :params, a trailing *
  const body = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((seg) => (seg === '*' ? '.*' : seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${body}/?$`, 'i')
}

// ---------------------------------------------------------------------------------------------
// Route chunks. Each page is React.lazy over its own dynamic import, so it is its own chunk
// (SHELL-01). A failed import is retried twice (three attempts, SHELL-03); then the page shows an
// error state and the 'new version' dialog offers a reload, since a missing chunk almost always
// means the server holds a newer build than this page.

const ROUTE_LOAD_ATTEMPTS = 3

/** The page's code could not be loaded after every attempt. */
export class RouteLoadError extends Error {
  constructor(readonly cause: unknown) {
    super(`route failed to load after ${ROUTE_LOAD_ATTEMPTS} attempts: ${(cause as Error)?.message ?? cause}`)
    this.name = 'RouteLoadError'
  }
}

export async function loadWithRetry<T>(load: () => Promise<T>, attempts = ROUTE_LOAD_ATTEMPTS): Promise<T> {
  let last: unknown
  for (let i = 0; i < attempts; i++) {
    try {
      return await load()
    } catch (err) {
      last = err
      console.warn(`[app] route load attempt ${i + 1} of ${attempts} failed`, err)
    }
  }
  throw new RouteLoadError(last)
}

/** each page's component: lazy, or the page itself when it was loaded before the first render */
const pages = new WeakMap<LazyComponent, ComponentType>()

/** Load a page before the router draws it, so it draws it at once. A lazy page always shows its
 *  spinner first, and React then holds the page back until 300 ms after that spinner appeared.
 *  `strings`: what the page waits for besides its code (a failure does not stop it, as in pageFor). */
export async function preloadPage(load: LazyComponent, strings?: Promise<unknown>): Promise<void> {
  const [m] = await Promise.all([load(), strings?.catch(() => undefined)])
  pages.set(load, m.default)
}

// The screens a path rarely shows (not found, login required, waiting for late plugins) load like a page.
const unmatched: LazyComponent = () => import('./route-screens.tsx').then((m) => ({ default: m.Unmatched }))
const loginRequired: LazyComponent = () => import('./route-screens.tsx').then((m) => ({ default: m.LoginRequired }))

/** The page's chunk, and its plugin's strings beside it (they may not have arrived yet; a failure shows English or keys, not an error). */
function pageFor(load: LazyComponent, strings: () => Promise<void>): ComponentType {
  let page = pages.get(load)
  if (!page) {
    page = lazy(() => Promise.all([loadWithRetry(load), strings().catch(() => undefined)]).then(([m]) => m))
    pages.set(load, page)
  }
  return page
}

/** Every plugin route, the not-found page last. Renders inside <KernelApp>. */
export function Routes() {
  const kernel = useKernel()
  const hooks = wouterHooks(kernel.router)
  // late plugins bring more routes when they join
  const waiting = useSignalValue(kernel.pending).length > 0
  const routes = useMemo(() => kernel.plugins.flatMap((p) => (p.routes ?? []).map((r) => ({ ...r, plugin: p.id }))), [kernel, waiting])
  return (
    <WouterRouter hook={hooks.hook} searchHook={hooks.searchHook}>
      <Switch>
        {routes.flatMap((route) =>
          routePaths(route, kernel.app.settings.tabs).map((p) => (
            <Route key={p} path={p}>
              <RouteSlot route={route} />
            </Route>
          )),
        )}
        <Route>
          <Unmatched waiting={waiting} />
        </Route>
      </Switch>
    </WouterRouter>
  )
}

function RouteSlot({ route }: { route: Pick<RouteDef, 'page' | 'auth' | 'first'> & { plugin: string } }) {
  const kernel = useKernel()
  const loggedIn = useSignalValue(kernel.session.loggedIn)
  const load = route.auth && !loggedIn ? loginRequired : route.page
  return (
    <RouteBoundary load={load}>
      <Suspense fallback={<PageSpinner chunk />}>
        <RoutePage load={load} plugin={route.plugin} first={route.first} />
      </Suspense>
    </RouteBoundary>
  )
}

/** No route of the plugins registered so far: a late plugin may have one, so they load now (during
 *  render, like React.lazy's own import, so beside the screen's chunk rather than after it; the call
 *  is idempotent); the screen waits for them or says not found. */
function Unmatched({ waiting }: { waiting: boolean }) {
  const kernel = useKernel()
  if (waiting) kernel.loadPlugins().catch(() => undefined)
  return <RouteSlot route={{ page: unmatched, plugin: 'kernel' }} />
}

function RoutePage({ load, plugin, first }: { load: LazyComponent; plugin: string; first?: boolean }) {
  const kernel = useKernel()
  const Page = pageFor(load, () => kernel.i18n.ready(undefined, [plugin], first))
  // a page that reports no first screen of its own (not `first`): drawn is enough for what waits
  // for the paint (a user's socket); what waits for the screen to settle still waits
  useEffect(() => void (first || firstScreenShown(kernel, false)), [first, kernel])
  return <Page />
}

interface BoundaryProps {
  load: LazyComponent
  children: ReactNode
}

/** Catches what the page throws. A load failure (the page's or a part's) also opens the update dialog (SHELL-03). */
class RouteBoundaryInner extends Component<BoundaryProps & { onLoadError: () => void }, { error: unknown }> {
  state = { error: null as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof RouteLoadError || isChunkLoadError(error)) {
      pages.delete(this.props.load) // React.lazy keeps its rejection; a retry needs a fresh one
      this.props.onLoadError()
    } else console.error('[app] page crashed', error, info.componentStack)
  }
  retry = () => {
    pages.delete(this.props.load)
    this.setState({ error: null })
  }
  render() {
    if (!this.state.error) return this.props.children
    return <RouteError onRetry={this.retry} />
  }
}

function RouteBoundary(props: BoundaryProps) {
  const kernel = useKernel()
  const onLoadError = () => {
    if (!kernel.overlays.isOpen(UPDATE_DIALOG)) void kernel.overlays.open(UPDATE_DIALOG)
  }
  return <RouteBoundaryInner {...props} onLoadError={onLoadError} />
}

/** A page that failed: Retry, and a way back (after the update dialog's Later, Retry alone is a dead end) */
export function RouteError({ onRetry }: { onRetry: () => void }) {
  const text = useText()
  const { router, app } = useKernel()
  const back = () => (router.canGoBack?.() ? router.back() : router.navigate(app.settings.mainPath || '/', { replace: true }))
  const extra = (
    <button type="button" className="k-btn k-btn--ghost" data-testid="route-error-back" onClick={back}>
      {text('kernel.back')}
    </button>
  )
  return <ErrorState testId="route-error" title={text('kernel.errorTitle')} message={text('kernel.errorBody')} retryLabel={text('kernel.retry')} onRetry={onRetry} extra={extra} />
}
