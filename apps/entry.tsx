// The browser entry: runtime config -> app manifest of the stored app id -> kernel -> React root.
// Everything else (routes, pages, overlays) arrives through the manifest's plugins, lazily.
import { readConfig } from '../kernel/config.ts'
import { createKernel } from '../kernel/index.ts'
import { createFirstScreenGate } from '../kernel/first-screen.ts'
import { mountApp } from '../kernel/App.tsx'
import { preloadPage } from '../kernel/router.tsx'
import { installGlobalErrorHandlers, reportAppError } from '../kernel/errors.ts'
import { createBridge, createHarnessBridge } from '../kernel/bridge.ts'
import { defaultStorage } from '../kernel/storage.ts'
// a per-app build (build.mjs --app <id>) swaps this module for one that lists only that app
import { apps, defaultAppId } from './index.ts'
import { loadManifest, pickAppId } from './pick.ts'
import { firstScreen } from './first.ts'

async function start() {
  installGlobalErrorHandlers()
  try {
    // without it, React's own error (target container is not a DOM element) is reported below
    const root = document.getElementById('root')!
    const config = readConfig(window.__APP_CONFIG__)
    const storage = defaultStorage()
    const bridge = config.mode === 'harness' ? createHarnessBridge() : createBridge()
    const app = await loadManifest(apps, pickAppId(Object.keys(apps), [config.defaultAppId, defaultAppId], bridge, storage))
    const kernel = createKernel({ app, config, storage, bridge, firstScreen: createFirstScreenGate() })
    // before the first paint, only the strings it shows: the active language of the frame, the
    // widgets and the page at the start path (one small chunk each); the rest follows the first screen
    const first = firstScreen(kernel.plugins, kernel.router.path.peek(), kernel.session.loggedIn.peek(), kernel.app.settings.tabs)
    // the page at the start path loads beside those strings, not after them: one round trip less
    // on a phone network, and drawn with the first render, no spinner between (a failure is the router's to handle)
    const pages = Promise.all(first.pages.map((r) => preloadPage(r.page).catch(() => undefined)))
    // strings that cannot load (a deploy removed their chunks) must not stop the app: English
    // kernel texts are in this bundle, and the update dialog they lead to is what helps
    await kernel.i18n.ready(undefined, first.plugins.map((p) => p.id), true).catch((err) => console.warn('[app] strings failed to load', err))
    await pages
    mountApp(kernel, root)
  } catch (err) {
    void reportAppError(err)
  }
}

void start()
