// The app build (esbuild). One script for every flavour:
//   node build.mjs                          production webview bundle, every app id (picked at runtime)
//   node build.mjs --app <appId|file>       production bundle of one app: only its manifest and plugins
//   node build.mjs --mode harness           the same app for the harness (sourcemaps on)
//   options: --outdir <dir>, --config <app-config.json> (production app-config.js), --no-minify,
//            --base /app/ (served under a sub-path; env APP_BASE)
// Importable too: buildApp({ mode, appId, outdir, minify, quiet }).
import * as esbuild from 'esbuild'
import { gzipSync } from 'node:zlib'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'

const root = dirname(fileURLToPath(import.meta.url))
const appsDir = join(root, 'apps')
const appsIndex = join(appsDir, 'index.ts')

/** esbuild options shared by the app and the bench's hello world, so their sizes compare. */
export function baseOptions({ mode = 'production', minify = true } = {}) {
  return {
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: ['chrome91', 'firefox90', 'safari15'],
    jsx: 'automatic',
    loader: { '.css': 'text', '.svg': 'text' },
    // real sizes in every mode: React's production build, no dev warnings
    define: { 'process.env.NODE_ENV': '"production"' },
    minify,
    sourcemap: mode === 'harness' ? 'linked' : false,
    legalComments: 'none',
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunk-[hash]',
    assetNames: 'assets/[name]-[hash]',
    metafile: true,
    write: true,
    logLevel: 'silent',
  }
}

/** First-screen JavaScript (gzip) may be at most this many times the React hello world's (the build fails over it). */
export const SIZE_CEILING = 1.5

/** A React 19 hello world built with the app's esbuild options, in `dir`: the yardstick of every size ratio. */
export async function buildHelloWorld(dir, { minify = true } = {}) {
  await mkdir(join(dir, 'src'), { recursive: true })
  const main = join(dir, 'src', 'main.tsx')
  await writeFile(main, `import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')!).render(<h1 data-testid="hello">Hello world</h1>)\n`)
  const outdir = join(dir, 'out')
  const { metafile } = await esbuild.build({ ...baseOptions({ minify }), absWorkingDir: dir, nodePaths: [join(root, 'node_modules')], entryPoints: { main }, outdir })
  const entry = Object.keys(metafile.outputs).find((f) => f.endsWith('.js') && metafile.outputs[f].entryPoint)
  const files = initialFiles(metafile, entry).map((f) => relative(outdir, resolve(dir, f)).split('\\').join('/'))
  await writeFile(
    join(outdir, 'index.html'),
    `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
      `<body><div id="root"></div><script type="module" src="/${files[0]}"></script></body></html>`,
  )
  let gzip = 0
  for (const f of files) gzip += gz(await readFile(join(outdir, f)))
  return { outdir, gzip }
}

/** SDKs that may only arrive through a dynamic import (never in the first bundle). */
export const SDK_PATTERNS = [/node_modules[\\/]agora-rtc-sdk-ng[\\/]/, /node_modules[\\/]nim-web-sdk-ng[\\/]/]

/** The manifest file of an app id: a file name in apps/ (default, white) or the appId it declares. */
export async function findManifestFile(appId) {
  const files = (await readdir(appsDir)).filter((f) => /\.tsx?$/.test(f) && !/^(index|entry)\.tsx?$/.test(f) && !f.includes('.test.') && !f.endsWith('.d.ts'))
  const byName = files.find((f) => f.replace(/\.tsx?$/, '') === appId)
  if (byName) return join(appsDir, byName)
  // the id as a string literal: `appId: 'x'` or `const X_APP_ID = 'x'`
  const quoted = new RegExp(`['"\`]${appId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`)
  for (const f of files) {
    if (quoted.test(await readFile(join(appsDir, f), 'utf8'))) return join(appsDir, f)
  }
  throw new Error(`no app manifest for app id '${appId}' in apps/ (files: ${files.join(', ')})`)
}

/**
 * apps/index.ts lists every app. A per-app build swaps it, for the entry only, for a module that
 * imports just the chosen manifest, so no other app's plugins reach the bundle (BLD-02).
 */
function appSelectPlugin(manifestFile) {
  return {
    name: 'app-select',
    setup(build) {
      if (!manifestFile) return
      build.onResolve({ filter: /^\.\/index(\.ts)?$/ }, (args) => {
        if (resolve(args.resolveDir) !== appsDir || !/entry\.tsx?$/.test(args.importer)) return undefined
        return { path: manifestFile, namespace: 'app-select' }
      })
      build.onLoad({ filter: /.*/, namespace: 'app-select' }, (args) => ({
        resolveDir: appsDir,
        loader: 'ts',
        contents: [
          `import * as m from ${JSON.stringify('./' + basename(args.path))}`,
          // whatever the manifest file calls its export
          `const manifest: any = (m as any).default ?? Object.values(m).find((v: any) => v && typeof v === 'object' && 'plugins' in v && 'appId' in v)`,
          `if (!manifest) throw new Error('apps/${basename(args.path)} exports no manifest')`,
          `export const apps: Record<string, () => Promise<any>> = { [manifest.appId]: () => Promise.resolve(manifest) }`,
          `export const defaultAppId: string = manifest.appId`,
          `export default apps`,
        ].join('\n'),
      }))
    },
  }
}

/**
 * wouter and the signals runtime import the use-sync-external-store shim, which only serves React
 * before 18: React 19 has the hook itself, so the shim's code need not ship.
 */
function reactSyncStorePlugin() {
  return {
    name: 'react-sync-store',
    setup(build) {
      build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({ path: 'use-sync-external-store', namespace: 'react-sync-store' }))
      build.onLoad({ filter: /.*/, namespace: 'react-sync-store' }, () => ({ contents: "export { useSyncExternalStore } from 'react'", resolveDir: root, loader: 'js' }))
    },
  }
}

/**
 * React ships CommonJS, so each call to it from app code compiles to `(0, r.useState)(...)`. Here
 * the app's imports of react, react/jsx-runtime and react-dom(/client) go through an ES module of
 * named bindings instead, and the calls minify to plain identifiers (about 0.25 KB gzip off the
 * first screen). Imports from packages keep the real module.
 */
function reactBindingsPlugin() {
  const packages = /^(react|react\/jsx-runtime|react-dom|react-dom\/client)$/
  const require = createRequire(join(root, 'package.json'))
  return {
    name: 'react-bindings',
    setup(build) {
      build.onResolve({ filter: packages }, (args) =>
        args.namespace === 'react-bindings' || /[\\/]node_modules[\\/]/.test(args.importer) ? undefined : { path: args.path, namespace: 'react-bindings' },
      )
      build.onLoad({ filter: /.*/, namespace: 'react-bindings' }, (args) => {
        const names = Object.keys(require(args.path)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default')
        const lines = names.map((n) => `export const ${n} = M.${n}`)
        return { contents: `import * as M from ${JSON.stringify(args.path)}\n${lines.join('\n')}\nexport default M\n`, resolveDir: root, loader: 'js' }
      })
    },
  }
}

/**
 * lottie-web writes its data worker from a function's own text (`fn.toString()`) after `var
 * _workerSelf = self`, and that function names `_workerSelf`, a variable of lottie's module: a
 * minifier renames it, and the worker fails on its first message ("r is not defined"; lottie-web
 * issue 2858, open, lottie's own .min.js included). Here the variable becomes a property of the
 * global object, a name no minifier renames: the worker's prefix defines it there, and on the page
 * it is lottie's in-page stand-in for the worker, as before.
 */
function lottieWorkerPlugin() {
  const declared = '    var _workerSelf = {'
  return {
    name: 'lottie-worker',
    setup(build) {
      build.onLoad({ filter: /[\\/]lottie-web[\\/]build[\\/]player[\\/]lottie_light\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8')
        if (!source.includes(declared)) throw new Error(`${args.path}: lottie's worker variable has changed; see lottieWorkerPlugin in build.mjs`)
        return { contents: source.replace(declared, '    self._workerSelf = {'), loader: 'js' }
      })
    },
  }
}

/**
 * Stylesheets are imported as text and injected at runtime, so esbuild's own CSS minifier never
 * sees them: run it here, so the bundles carry minified CSS (unit tests under Node read the raw file).
 */
function minifyCssPlugin(target) {
  return {
    name: 'minify-css',
    setup(build) {
      build.onLoad({ filter: /\.css$/ }, async (args) => {
        const css = await readFile(args.path, 'utf8')
        const { code } = await esbuild.transform(css, { loader: 'css', minify: true, target, sourcefile: args.path })
        return { contents: code, loader: 'text' }
      })
    },
  }
}

/**
 * One first bundle instead of dozens of slivers. esbuild gives every set of entry points (the app
 * entry and each import() target) that reaches a module its own chunk, so each module the first
 * screen shares with a different mix of lazy pages became a file of its own. Here every lazy module
 * also imports the entry: all the entry's modules are then reached by the same set and land in one
 * chunk, already loaded (and evaluated) when any lazy module runs, so the import costs nothing.
 * `lazy` lists the import() targets outside the entry's static graph (from a first, unwritten pass),
 * the SDKs and the dictionaries included: esbuild's runtime helpers are reached by every entry point,
 * so one target without the import keeps them a chunk of their own.
 */
function oneFirstBundlePlugin(entryFile, lazy) {
  return {
    name: 'one-first-bundle',
    setup(build) {
      // a lazy dictionary as a plain default export (no namespace object, so no runtime helper)
      build.onLoad({ filter: /\.json$/ }, async (args) => {
        if (!lazy.has(args.path)) return undefined
        const json = JSON.parse(await readFile(args.path, 'utf8'))
        return { contents: `export default ${JSON.stringify(json)}\nimport ${JSON.stringify(entryFile)}\n`, loader: 'js', resolveDir: dirname(args.path) }
      })
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (!lazy.has(args.path)) return undefined
        const source = await readFile(args.path, 'utf8')
        // appended: imports are hoisted anyway, and the lines of the file (and its source map) stay put
        return { contents: `${source}\nimport ${JSON.stringify(entryFile)}\n`, loader: loaderOf(args.path), resolveDir: dirname(args.path) }
      })
    },
  }
}

/**
 * The first screen's CSS as a stylesheet. Stylesheets travel as text so a lazy chunk carries its
 * own; but the CSS of the entry's static graph (the kernel's base, its primitives, the frame and
 * whatever a plugin lists under `styles`) is needed for the first paint anyway, so the build puts
 * it in one hashed .css file that index.html links: the browser parses it natively while the
 * script downloads, and the JS carries an empty string instead (injectStyle('') does nothing).
 */
function firstScreenCssPlugin(files) {
  return {
    name: 'first-screen-css',
    setup(build) {
      build.onLoad({ filter: /\.(css|svg)$/ }, (args) => (files.includes(args.path) ? { contents: '', loader: 'text' } : undefined))
    },
  }
}

/**
 * The first screen's icons: the SVG sheets of <symbol>s of the entry's static graph (the kernel's and
 * those plugins list under `sprites`) go into index.html, where the HTML parser draws them with the
 * first paint, and the JS carries '' instead (injectSprite('') does nothing), as with the stylesheet.
 */
async function spriteMarkup(files) {
  const sheets = await Promise.all(files.map((f) => readFile(f, 'utf8')))
  return sheets.map((svg) => svg.replace(/<!--[\s\S]*?-->/g, '').replace(/>\s+</g, '><').trim()).join('')
}

/** The kernel's base first (variables, resets), then its primitives, then the plugins', in import order. */
function cssOrder(files) {
  const rank = (f) => (/[\\/]kernel[\\/]base\.css$/.test(f) ? 0 : /[\\/]kernel[\\/]/.test(f) ? 1 : 2)
  return files.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map((x) => x.f)
}

async function writeFirstScreenCss(outdir, files, { minify, target }) {
  if (!files.length) return null
  let css = (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n')
  if (minify) css = (await esbuild.transform(css, { loader: 'css', minify: true, target })).code
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 8).toUpperCase()
  const file = `assets/first-${hash}.css`
  await writeFile(join(outdir, file), css)
  return file
}

const loaderOf = (path) => ({ ts: 'ts', mts: 'ts', cts: 'ts', tsx: 'tsx', jsx: 'jsx' })[path.split('.').pop()] ?? 'js'

/**
 * From a first, unwritten pass: the app's own import() targets that the entry does not also import
 * statically (`lazy`), and the CSS files and SVG sprite sheets of the entry's static graph, in
 * import order (`css`, `sprites`).
 */
async function firstPass(options, entryFile) {
  const { metafile } = await esbuild.build({ ...options, write: false, minify: false, sourcemap: false })
  const inputs = metafile.inputs
  const abs = (p) => resolve(root, p)
  const entryKey = Object.keys(inputs).find((i) => abs(i) === entryFile)
  const staticGraph = new Set()
  const walk = (key) => {
    if (staticGraph.has(key) || !inputs[key]) return
    staticGraph.add(key)
    for (const imp of inputs[key].imports) if (imp.kind === 'import-statement' && !imp.external) walk(imp.path)
  }
  walk(entryKey)
  const lazy = new Set()
  for (const input of Object.values(inputs)) {
    for (const imp of input.imports) {
      if (imp.kind !== 'dynamic-import' || imp.external || staticGraph.has(imp.path)) continue
      const target = inputs[imp.path]
      if (!target || !/\.([cm]?[jt]sx?|json)$/.test(imp.path)) continue
      // a package (the SDKs) only when it is an ES module: an import appended to CommonJS would change what it is
      if (/node_modules/.test(imp.path) && target.format !== 'esm') continue
      lazy.add(abs(imp.path))
    }
  }
  const css = cssOrder([...staticGraph].filter((k) => k.endsWith('.css')).map(abs))
  const sprites = [...staticGraph].filter((k) => k.endsWith('.svg')).map(abs)
  return { lazy, css, sprites }
}

/**
 * The source files the first screen imports besides the entry's static graph: the page at the app's
 * main path and the default language's strings of the plugins it shows, as apps/first.ts tells the
 * entry. Read by running the manifest in Node, bundled with every import() turned into its target's path.
 */
async function firstScreenSources(manifestFile, outdir) {
  const lazyPaths = {
    name: 'lazy-paths',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) =>
        args.kind === 'dynamic-import' ? { path: args.path.startsWith('.') ? resolve(args.resolveDir, args.path) : args.path, namespace: 'lazy-path' } : undefined,
      )
      build.onLoad({ filter: /.*/, namespace: 'lazy-path' }, (args) => ({ contents: `export default ${JSON.stringify(args.path)}`, loader: 'js' }))
    },
  }
  const q = (f) => JSON.stringify(f)
  const contents = [
    manifestFile
      ? `import * as m from ${q(manifestFile)}\nconst app = m.default ?? Object.values(m).find((v) => v && typeof v === 'object' && 'plugins' in v && 'appId' in v)`
      : `import { apps, defaultAppId } from ${q(appsIndex)}\nconst app = await apps[defaultAppId]()`,
    `import { firstScreen } from ${q(join(appsDir, 'first.ts'))}`,
    `import { isLate } from ${q(join(root, 'kernel', 'plugin.ts'))}`,
    `const first = firstScreen(app.plugins.filter((p) => p && !isLate(p)), app.settings.mainPath, false)`,
    `const target = async (load) => (typeof load === 'function' ? (await load()).default : null)`,
    `export default [...(await Promise.all(first.pages.map((r) => target(r.page)))), ...(await Promise.all(first.plugins.map((p) => target(p.strings?.en))))]`,
  ].join('\n')
  const file = join(outdir, '.first-screen.mjs')
  await esbuild.build({
    stdin: { contents, resolveDir: appsDir, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: file,
    loader: { '.css': 'text', '.svg': 'text' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [lazyPaths],
  })
  try {
    const sources = (await import(pathToFileURL(file).href)).default
    return sources.filter((s) => typeof s === 'string').map((s) => relative(root, s).split('\\').join('/'))
  } finally {
    await rm(file, { force: true })
  }
}

/**
 * apps/early.ts as one small inline classic script (no imports), written into index.html after /app-config.js: the first
 * requests leave while the app's code downloads. Its modules are taken as free of side effects, so
 * only what it calls is in it (not the React and signals their files import); an import() in them
 * (the fallback cipher) stays a request it never makes where WebCrypto is there.
 */
async function earlyScript({ minify, target }) {
  const pure = {
    name: 'early-pure',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'dynamic-import') return { path: args.path, external: true }
        // no package is called by it: what its modules import of React or the signals drops out whole
        if (!/^[./]/.test(args.path)) return { path: args.path, external: true, sideEffects: false }
        if (args.kind === 'entry-point' || args.pluginData === 'early') return undefined
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'early' })
        return { ...found, sideEffects: false }
      })
    },
  }
  const { outputFiles } = await esbuild.build({
    entryPoints: [join(appsDir, 'early.ts')],
    bundle: true,
    // written as a module without imports, then wrapped in a function below: a classic script
    // (format 'iife' would carry esbuild's unused import helpers, 0.3 KB)
    format: 'esm',
    platform: 'browser',
    target,
    minify,
    write: false,
    legalComments: 'none',
    loader: { '.css': 'text', '.svg': 'text' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [pure],
  })
  // a classic script runs as soon as the parser reaches it, right after /app-config.js (a module
  // script would wait for the whole page to be parsed and its stylesheet to arrive); the function
  // keeps its names off the page's globals
  return `(()=>{${outputFiles[0].text.trim()}})()`.replace(/<\/script/gi, '<\\/script')
}

/**
 * sw.js, the service worker: a repeat open needs only the API. Installing it keeps the page (the
 * shell) and the first screen's files; a navigation gets the kept page at once and refreshes it for
 * the next open; hashed files come from the cache, and a lazy chunk is kept once it has loaded (one
 * the page loaded before the worker took it over is copied from the browser's HTTP cache once no request
 * has come for 3 s, so a kept page never lacks a part it has already run, and nothing is downloaded for it). Its
 * text changes with every deploy (the list below), so the browser installs the new one; it takes
 * over once no page of the old one is open (an old page never loses its files mid-way), then drops
 * the old files. A page of the old version that needs a chunk the deploy removed gets a 404, and the
 * kernel's SHELL-03/04 recovery (the update dialog, which clears workers and caches) brings the new
 * one. Plain script: the worker has no bundler around it.
 */
export function serviceWorkerSource(precache, later = []) {
  const version = createHash('sha256').update([...precache, ...later].join('\n')).digest('hex').slice(0, 12)
  return `// built by build.mjs; version ${version}
const CACHE = 'app-${version}'
const FILES = ${JSON.stringify(precache)}
const LATER = ${JSON.stringify(later)}
const scope = new URL(self.registration.scope)
const shellUrl = scope.href
self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll([shellUrl, ...FILES.map((f) => new URL(f, scope).href)])))
})
self.addEventListener('activate', (e) => {
  const old = (k) => k.startsWith('app-') && k !== CACHE
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter(old).map((k) => caches.delete(k)))).then(() => self.clients.claim()).then(keepLoadedSoon))
})
/** the copy below waits for a moment without requests, so no page's own request waits behind it */
let toKeep = null
function keepLoadedSoon() {
  clearTimeout(toKeep)
  toKeep = setTimeout(() => keepLoaded().catch(() => {}), 3000)
}
/** the lazy files the page loaded before this worker took it over: kept from the HTTP cache alone */
async function keepLoaded() {
  toKeep = null
  const cache = await caches.open(CACHE)
  const keep = async (f) => {
    const url = new URL(f, scope).href
    const res = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).catch(() => null)
    if (res && res.ok && !(await cache.match(url))) await cache.put(url, res)
  }
  await Promise.all(LATER.map(keep))
}
self.addEventListener('fetch', (e) => {
  const req = e.request
  const url = new URL(req.url)
  if (req.method !== 'GET' || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return
  if (toKeep) keepLoadedSoon()
  const path = url.pathname.slice(scope.pathname.length)
  // the app's own pages only: not a file, not a service of the server ('__harness')
  if (req.mode === 'navigate') return /\\.[a-z0-9]+$/i.test(path) || path.startsWith('__') ? undefined : e.respondWith(page(e))
  if (path.startsWith('assets/')) e.respondWith(hashed(req))
})
/** the kept page at once, refreshed behind it for the next open; the network when none is kept */
async function page(e) {
  const cache = await caches.open(CACHE)
  const fresh = fetch(e.request).then((res) => {
    if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) return cache.put(shellUrl, res.clone()).then(() => res)
    return res
  })
  const kept = await cache.match(shellUrl)
  if (!kept) return fresh
  e.waitUntil(fresh.catch(() => {}))
  return kept
}
/** a hashed file never changes: the cache, else the network (and kept) */
async function hashed(req) {
  const kept = await caches.match(req)
  if (kept) return kept
  const res = await fetch(req)
  if (res.ok) {
    const cache = await caches.open(CACHE)
    await cache.put(req, res.clone())
  }
  return res
}
`
}

/** Output files reachable from the entry through static imports: what the browser loads first. */
export function initialFiles(metafile, entryOut) {
  const seen = new Set()
  const walk = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const imp of metafile.outputs[file]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) walk(imp.path)
  }
  walk(entryOut)
  return [...seen]
}

/** Which SDK package each output file contains, if any. */
export function sdkInputs(metafile, outFile) {
  return Object.keys(metafile.outputs[outFile]?.inputs ?? {}).filter((i) => SDK_PATTERNS.some((p) => p.test(i)))
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length

/** Production /app-config.js from environment variables or a JSON file; never part of the bundle. */
export async function productionConfig({ configFile, env = process.env } = {}) {
  const fromFile = configFile ? JSON.parse(await readFile(configFile, 'utf8')) : {}
  const fromEnv = {
    apiBase: env.API_BASE,
    wsBase: env.WS_BASE,
    cipherKey: env.CIPHER_KEY,
    cipherIv: env.CIPHER_IV,
    subscriptionKey: env.SUBSCRIPTION_KEY,
    agoraAppId: env.AGORA_APP_ID,
    nimAppKey: env.NIM_APP_KEY,
    defaultAppId: env.DEFAULT_APP_ID,
    appVersion: env.APP_VERSION,
  }
  const config = { ...fromFile }
  for (const [k, v] of Object.entries(fromEnv)) if (v) config[k] = v
  // a production bundle without these cannot reach its servers: say which, before anything is built
  const missing = Object.entries(REQUIRED_CONFIG).filter(([k]) => !config[k])
  if (missing.length)
    throw new Error(`production build: the app config is missing ${missing.map(([k, envName]) => `${k} (env ${envName})`).join(', ')}; set them in the environment or in --config <file.json>`)
  return { ...config, mode: 'production' }
}

/** what a production app-config.js must hold, with the environment variable that sets each */
const REQUIRED_CONFIG = { apiBase: 'API_BASE', wsBase: 'WS_BASE', cipherKey: 'CIPHER_KEY', cipherIv: 'CIPHER_IV', subscriptionKey: 'SUBSCRIPTION_KEY', agoraAppId: 'AGORA_APP_ID', nimAppKey: 'NIM_APP_KEY' }

/** '/app' or 'app/' -> '/app/'; a base must be a path of plain segments */
function normalBase(base = '/') {
  const b = `/${String(base).trim().replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/')
  if (!/^\/([\w.~-]+\/)*$/.test(b)) throw new Error(`--base must be a path such as /app/, got '${base}'`)
  return b
}

async function writeIndexHtml(outdir, entryFile, preload, styles, sprites, early, base) {
  const template = await readFile(join(appsDir, 'index.html'), 'utf8')
  // relative to <base href>: the same files from a deep link (/app/detail/1) as from the root
  const links = [...styles.map((f) => `<link rel="stylesheet" href="${f}">`), ...preload.map((f) => `<link rel="modulepreload" href="${f}">`)].join('\n    ')
  const html = template
    .replace('<base href="/">', `<base href="${base}">`)
    .replace('<!--preload-->', links)
    .replace('<!--sprites-->', sprites)
    .replace('<!--early-->', `<script>${early}</script>`)
    .replace('<!--entry-->', `<script type="module" src="${entryFile}"></script>`)
  await writeFile(join(outdir, 'index.html'), html)
  return html
}

function printReport(label, report, initial, styles, first) {
  const kb = (n) => (n / 1024).toFixed(1).padStart(8) + ' KB'
  const rows = report.filter((r) => r.file.endsWith('.js')).sort((a, b) => b.gzip - a.gzip)
  const lines = [`\n${label}`, `  ${'file'.padEnd(34)} ${'raw'.padStart(11)} ${'gzip'.padStart(11)}  loaded by`]
  for (const r of rows) {
    const what = initial.includes(r.file) ? 'first bundle *' : r.source ? `import() of ${r.source}` : 'shared chunk'
    lines.push(`  ${r.file.padEnd(34)} ${kb(r.bytes)} ${kb(r.gzip)}  ${what}`)
  }
  const total = rows.filter((r) => initial.includes(r.file)).reduce((s, r) => s + r.gzip, 0)
  lines.push(`  initial JS (*), gzip: ${(total / 1024).toFixed(1)} KB in ${initial.length} file(s); ${rows.length} JS files in all`)
  const ratio = first.firstScreenGzip / first.helloGzip
  lines.push(`  first-screen JS, gzip: ${(first.firstScreenGzip / 1024).toFixed(1)} KB in ${first.firstScreenFiles.length} file(s) and the early script in index.html (${(first.earlyGzip / 1024).toFixed(1)} KB), ${ratio.toFixed(2)}x the React hello world's ${(first.helloGzip / 1024).toFixed(1)} KB (ceiling ${SIZE_CEILING}x)`)
  for (const r of report.filter((x) => styles.includes(x.file))) lines.push(`  first-screen stylesheet: ${r.file}, gzip ${(r.gzip / 1024).toFixed(1)} KB`)
  console.log(lines.join('\n'))
}

/**
 * Chromium (136 on) compiles every function of a script that starts with this comment at once, on a
 * background thread while it streams in, instead of each function lazily on the main thread the
 * first time it runs. The first screen runs most of its code before the first card, so this moves
 * about 100 ms of a mid-range phone's main thread (4x CPU) off it; lazy chunks keep lazy compiling.
 * Older engines read a comment. The source map gains the empty first line. Only the first bundle
 * carries it: the page's and the strings' chunks are too small to gain what its bytes cost.
 */
async function hintEagerCompile(outdir, files) {
  const HINT = '//# allFunctionsCalledOnLoad\n'
  for (const file of files) {
    const path = join(outdir, file)
    const code = await readFile(path, 'utf8')
    if (code.length < 65536) continue
    await writeFile(path, HINT + code)
    const map = await readFile(path + '.map', 'utf8').catch(() => null)
    if (map) {
      const json = JSON.parse(map)
      await writeFile(path + '.map', JSON.stringify({ ...json, mappings: ';' + json.mappings }))
    }
  }
}

/**
 * Build the app. Returns the size report (gzip per file), the entry's initial files and esbuild's metafile.
 * Fails when an SDK lands in the entry's static import graph.
 */
export async function buildApp({ mode = 'production', appId, outdir, minify = true, quiet = false, configFile, env, plugins = [], base: basePath = (env ?? process.env).APP_BASE || '/' } = {}) {
  const servedAt = normalBase(basePath)
  if (mode !== 'production' && mode !== 'harness') throw new Error(`unknown mode '${mode}' (harness or production)`)
  outdir = resolve(outdir ?? join(root, 'dist', mode === 'harness' ? 'harness' : appId ? `app-${appId}` : 'app'))
  const config = mode === 'production' ? await productionConfig({ configFile, env }) : null
  const manifestFile = appId ? await findManifestFile(appId) : null
  await rm(outdir, { recursive: true, force: true })
  await mkdir(outdir, { recursive: true })

  const entryFile = join(appsDir, 'entry.tsx')
  const base = baseOptions({ mode, minify })
  // CSS targets are browsers only (esbuild's CSS minifier knows no 'es2020')
  const cssTarget = base.target.filter((t) => !/^es/.test(t))
  const options = {
    ...base,
    absWorkingDir: root,
    entryPoints: { entry: entryFile },
    outdir,
    plugins: [appSelectPlugin(manifestFile), reactSyncStorePlugin(), reactBindingsPlugin(), lottieWorkerPlugin(), ...(minify ? [minifyCssPlugin(cssTarget)] : []), ...plugins],
  }
  const { lazy, css, sprites } = await firstPass(options, entryFile)
  const result = await esbuild.build({ ...options, plugins: [firstScreenCssPlugin([...css, ...sprites]), ...options.plugins, oneFirstBundlePlugin(entryFile, lazy)] })
  const metafile = result.metafile
  const outRel = (f) => relative(outdir, resolve(root, f)).split('\\').join('/')
  const entryKey = Object.keys(metafile.outputs).find((f) => metafile.outputs[f].entryPoint?.endsWith('apps/entry.tsx'))
  if (!entryKey) throw new Error('esbuild produced no output for apps/entry.tsx')
  const initialKeys = initialFiles(metafile, entryKey)

  const leaked = initialKeys.flatMap((f) => sdkInputs(metafile, f).map((i) => `${outRel(f)} <- ${i}`))
  if (leaked.length) throw new Error(`an SDK is in the first bundle (import it with import() only):\n  ${leaked.slice(0, 5).join('\n  ')}`)

  const entryFiles = initialKeys.map(outRel)
  // every chunk of the first screen is named in index.html, so the browser asks for all of them at
  // once instead of finding the page and its strings only when the entry runs
  const sources = await firstScreenSources(manifestFile, outdir)
  const firstKeys = [...new Set(Object.keys(metafile.outputs).filter((k) => sources.includes(metafile.outputs[k].entryPoint)).flatMap((k) => initialFiles(metafile, k)))]
  const firstScreenFiles = [...entryFiles, ...firstKeys.map(outRel).filter((f) => !entryFiles.includes(f))].filter((f) => f.endsWith('.js'))
  await hintEagerCompile(outdir, firstScreenFiles)
  const report = []
  for (const key of Object.keys(metafile.outputs)) {
    if (key.endsWith('.map')) continue
    const buf = await readFile(resolve(root, key))
    const source = metafile.outputs[key].entryPoint
    report.push({ file: outRel(key), bytes: buf.length, gzip: gz(buf), ...(source ? { source } : {}) })
  }
  const initialGzip = report.filter((r) => entryFiles.includes(r.file) && r.file.endsWith('.js')).reduce((s, r) => s + r.gzip, 0)

  const styleFile = await writeFirstScreenCss(outdir, css, { minify, target: cssTarget })
  const styleFiles = styleFile ? [styleFile] : []
  for (const file of styleFiles) {
    const buf = await readFile(join(outdir, file))
    report.push({ file, bytes: buf.length, gzip: gz(buf) })
  }
  const styleGzip = report.filter((r) => styleFiles.includes(r.file)).reduce((s, r) => s + r.gzip, 0)

  const early = await earlyScript({ minify, target: base.target })
  const earlyGzip = gz(Buffer.from(early))
  // the early script is JavaScript of the first screen too, though it travels inside index.html
  const firstScreenGzip = report.filter((r) => firstScreenFiles.includes(r.file)).reduce((s, r) => s + r.gzip, earlyGzip)
  const hello = await buildHelloWorld(await mkdtemp(join(tmpdir(), 'hello-')), { minify })
  await rm(dirname(hello.outdir), { recursive: true, force: true })
  const ratio = firstScreenGzip / hello.gzip
  if (ratio > SIZE_CEILING) {
    throw new Error(`first-screen JS is ${(firstScreenGzip / 1024).toFixed(1)} KB gzip, ${ratio.toFixed(3)}x the React hello world's ${(hello.gzip / 1024).toFixed(1)} KB, over the ${SIZE_CEILING}x ceiling (${firstScreenFiles.join(', ')} and the early script, ${(earlyGzip / 1024).toFixed(1)} KB)`)
  }
  const html = await writeIndexHtml(outdir, entryFiles[0], firstScreenFiles.slice(1), styleFiles, await spriteMarkup(sprites), early, servedAt)
  const htmlGzip = gz(Buffer.from(html))
  const kept = [...styleFiles, ...firstScreenFiles]
  await writeFile(join(outdir, 'sw.js'), serviceWorkerSource(kept, report.map((r) => r.file).filter((f) => f.startsWith('assets/') && !kept.includes(f))))
  if (config) {
    await writeFile(join(outdir, 'app-config.js'), `window.__APP_CONFIG__ = ${JSON.stringify(config, null, 2)};\n`)
  }
  const sdkChunks = Object.keys(metafile.outputs).filter((f) => sdkInputs(metafile, f).length).map(outRel)
  await writeFile(
    join(outdir, 'size-report.json'),
    JSON.stringify({ mode, appId: appId ?? null, initialFiles: entryFiles, initialGzip, firstScreenFiles, firstScreenGzip, earlyGzip, helloGzip: hello.gzip, ceiling: SIZE_CEILING, styleFiles, styleGzip, htmlGzip, sdkChunks, files: report }, null, 2),
  )
  if (!quiet) printReport(`build: ${mode}${appId ? ` (app ${appId})` : ''} -> ${relative(process.cwd(), outdir) || '.'}`, report, entryFiles, styleFiles, { firstScreenFiles, firstScreenGzip, earlyGzip, helloGzip: hello.gzip })
  return { outdir, report, entryFiles, initialGzip, firstScreenFiles, firstScreenGzip, earlyGzip, helloGzip: hello.gzip, ceiling: SIZE_CEILING, styleFiles, styleGzip, htmlGzip, sdkChunks, metafile }
}

function parseArgs(argv) {
  const opts = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const value = () => {
      const v = argv[++i]
      if (!v || v.startsWith('--')) throw new Error(`${a} needs a value`)
      return v
    }
    if (a === '--mode') opts.mode = value()
    else if (a === '--app') opts.appId = value()
    else if (a === '--outdir') opts.outdir = value()
    else if (a === '--config') opts.configFile = value()
    else if (a === '--no-minify') opts.minify = false
    else if (a === '--base') opts.base = value()
    else if (a === '--quiet') opts.quiet = true
    else throw new Error(`unknown option ${a}\nusage: node build.mjs [--mode harness|production] [--app <appId>] [--outdir dir] [--config app-config.json] [--no-minify] [--base /app/]`)
  }
  return opts
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    await buildApp(parseArgs(process.argv.slice(2)))
  } catch (err) {
    console.error(`build failed: ${err.message}`)
    process.exit(1)
  }
}
