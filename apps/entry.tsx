// The browser entry: runtime config -> app manifest of the stored app id -> kernel -> React root.
// Everything else (routes, pages, overlays) arrives through the manifest's plugins, lazily.
import { readConfig, type AppConfig } from '../kernel/config.ts'
import { createKernel } from '../kernel/index.ts'
import { createFirstScreenGate, isDeferredWidget } from '../kernel/first-screen.ts'
import { mountApp } from '../kernel/App.tsx'
import { matchesAny } from '../kernel/router.tsx'
import { installGlobalErrorHandlers, reportAppError } from '../kernel/errors.ts'
import { createBridge, createHarnessBridge, type NativeBridge } from '../kernel/bridge.ts'
import { defaultStorage, safeStorage } from '../kernel/storage.ts'
import type { AppManifest, RouteDef } from '../kernel/types.ts'
// a per-app build (build.mjs --app <id>) swaps this module for one that lists only that app
import { apps, defaultAppId } from './index.ts'

const APP_ID_KEY = 'appId'

/**
 * The app id (SHELL-08), first known one of: what the native shell reports, ?appid= in the URL,
 * the stored one, the config's, the build's default. Stored, so the session reads the same.
 */
function pickAppId(config: AppConfig, bridge: NativeBridge, storage: Storage): string {
  const known = Object.keys(apps)
  const store = safeStorage(storage)
  let native: string | null = null
  try {
    native = bridge.appId()
  } catch {
    /* an old native shell without the call */
  }
  const fromUrl = new URLSearchParams(location.search).get('appid')
  const candidates = [native, fromUrl, store.get(APP_ID_KEY), config.defaultAppId, defaultAppId]
  const id = candidates.find((c): c is string => !!c && known.includes(c)) ?? known[0]
  if (!id) throw new Error('this build lists no app')
  store.set(APP_ID_KEY, id)
  return id
}

async function loadManifest(id: string): Promise<AppManifest> {
  const entry = (apps as Record<string, AppManifest | (() => Promise<AppManifest | { default: AppManifest }>)>)[id]
  const loaded = typeof entry === 'function' ? await entry() : entry
  return 'default' in loaded ? loaded.default : loaded
}

async function start() {
  installGlobalErrorHandlers()
  try {
    const root = document.getElementById('root')
    if (!root) throw new Error('index.html has no #root element')
    const config = readConfig(window.__APP_CONFIG__)
    const storage = defaultStorage()
    const bridge = config.mode === 'harness' ? createHarnessBridge() : createBridge()
    const app = await loadManifest(pickAppId(config, bridge, storage))
    const kernel = createKernel({ app, config, storage, bridge, firstScreen: createFirstScreenGate() })
    // before the first paint, only the strings it shows: the active language of the frame, the
    // widgets shown at once (not the lazyWidget ones) and the page at the start path (one small chunk
    // each); the rest follows the first screen
    const path = kernel.router.path.peek()
    const here = (r: RouteDef) => matchesAny(path, [r.path].flat())
    const first = kernel.plugins.filter((p) => p.frame || p.widgets?.some((w) => !isDeferredWidget(w)) || p.routes?.some(here))
    // the page at the start path loads beside those strings, not after them: one round trip less
    // on a phone network (the router's own import of it then finds it loaded; a failure is its to handle)
    const loggedIn = kernel.session.loggedIn.peek()
    for (const p of first) for (const r of p.routes ?? []) if (here(r) && (loggedIn || !r.auth)) r.page().catch(() => undefined)
    // strings that cannot load (a deploy removed their chunks) must not stop the app: English
    // kernel texts are in this bundle, and the update dialog they lead to is what helps
    await kernel.i18n.ready(undefined, first.map((p) => p.id), true).catch((err) => console.warn('[app] strings failed to load', err))
    mountApp(kernel, root)
  } catch (err) {
    void reportAppError(err)
  }
}

void start()
