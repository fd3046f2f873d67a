// The production and white-label builds, checked from their output and esbuild's metafile.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { buildApp, type BuildResult } from '../build.mjs'

const t = suite('build')
const API_BASE = 'https://api.build-check.invalid'
const CIPHER_KEY = 'bldCheckKey00001'
const env = { API_BASE, WS_BASE: 'wss://ws.build-check.invalid', CIPHER_KEY, CIPHER_IV: 'bldCheckIv000001', SUBSCRIPTION_KEY: 'bld-check-sub', AGORA_APP_ID: 'bld-check-agora', NIM_APP_KEY: 'bld-check-nim' }

const dirs: string[] = []
async function build(appId?: string): Promise<BuildResult> {
  const outdir = await mkdtemp(join(tmpdir(), 'build-check-'))
  dirs.push(outdir)
  return buildApp({ mode: 'production', appId, outdir, quiet: true, env })
}

/** plugin ids whose code is in the build */
function pluginsIn(r: BuildResult): Set<string> {
  const ids = new Set<string>()
  for (const input of Object.keys(r.metafile.inputs)) {
    const m = /(?:^|\/)plugins\/([^/]+)\//.exec(input)
    if (m) ids.add(m[1])
  }
  return ids
}

t('BLD-01 a production build without its configuration fails at once, naming what is missing', async () => {
  const outdir = await mkdtemp(join(tmpdir(), 'build-check-'))
  dirs.push(outdir)
  const { AGORA_APP_ID: _a, NIM_APP_KEY: _n, ...partial } = env
  const err = await buildApp({ mode: 'production', outdir, quiet: true, env: partial }).catch((e: Error) => e)
  assert.instance(err, Error)
  assert.match((err as Error).message, 'agoraAppId (env AGORA_APP_ID), nimAppKey (env NIM_APP_KEY)')
  assert.not.match((err as Error).message, 'apiBase')
})

let all: BuildResult
t.before(async () => {
  all = await build()
})
t.after(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

t('BLD-01 production: hashed file names, split into several chunks', async () => {
  const js = all.report.filter((r) => r.file.endsWith('.js'))
  assert.ok(js.length >= 4, `${js.length} JS files`)
  for (const r of js) assert.match(r.file, /^assets\/[\w.-]+-[A-Z0-9]{8}\.js$/, `${r.file} is hashed`)
  const html = await readFile(join(all.outdir, 'index.html'), 'utf8')
  assert.ok(html.includes(`src="${all.entryFiles[0]}"`), 'index.html loads the hashed entry')
  assert.ok(html.indexOf('src="app-config.js"') < html.indexOf(all.entryFiles[0]), 'config script comes before the entry')
  // every address relative to <base href>, first in the head: the same page serves from any sub-path
  assert.ok(html.indexOf('<base href="/">') < html.indexOf('app-config.js'), 'the base comes before any address')
  assert.not.match(html, /(src|href)="\/(assets|app-config)/, 'no address from the domain root')
  assert.match(html, /name="viewport"/)
})

t('BLD-01 production: both real SDKs are emitted, never in the first bundle', () => {
  const sdkFiles = (pkg: string) =>
    Object.keys(all.metafile.outputs).filter((o) => Object.keys(all.metafile.outputs[o].inputs).some((i) => i.includes(`node_modules/${pkg}/`)))
  for (const pkg of ['agora-rtc-sdk-ng', 'nim-web-sdk-ng']) {
    const files = sdkFiles(pkg)
    assert.ok(files.length > 0, `${pkg} is in the production build (real adapter)`)
    for (const f of files) assert.not.ok(all.entryFiles.some((e) => f.endsWith(e)), `${pkg} is in the first bundle (${f})`)
  }
})

t('BLD-01 production: the first bundle holds the frame and the main page\'s plugins only; late plugins and the first screen\'s CSS and icons stay out of its JS', async () => {
  const first = Object.keys(all.metafile.outputs).filter((o) => all.entryFiles.some((e) => o.endsWith(e)))
  const inFirst = new Set<string>()
  for (const o of first) for (const input of Object.keys(all.metafile.outputs[o].inputs)) inFirst.add(input)
  const pluginIds = new Set([...inFirst].map((i) => /(?:^|\/)plugins\/([^/]+)\//.exec(i)?.[1]).filter(Boolean))
  assert.equal([...pluginIds].sort(), ['shell', 'wall'], 'only the eager plugins (and their public api files) are in the first bundle')
  // the first screen's CSS is a linked stylesheet: its text is not also in the JS
  assert.equal(all.styleFiles.length, 1)
  const html = await readFile(join(all.outdir, 'index.html'), 'utf8')
  assert.ok(html.includes(`<link rel="stylesheet" href="${all.styleFiles[0]}">`), 'index.html links the stylesheet')
  const css = await readFile(join(all.outdir, all.styleFiles[0]), 'utf8')
  assert.match(css, /\.sh-tabbar/, 'the frame\'s look')
  assert.match(css, /\.wl-card/, 'the wall\'s look (its plugin lists it under styles)')
  // the first screen's icons are SVG symbols in index.html, not in the JS either
  for (const id of ['sh-wall', 'sh-logo', 'wl-diamond', 'k-alert']) assert.ok(html.includes(`<symbol id="${id}"`), `index.html holds the symbol ${id}`)
  for (const o of first) {
    const js = await readFile(o, 'utf8')
    assert.not.ok(js.includes('.sh-tabbar{') || js.includes('.wl-card{'), `${o} carries CSS text`)
    assert.not.ok(js.includes('<symbol'), `${o} carries an SVG sheet`)
  }
})

t('BLD-01 production: the API base and keys come from app-config.js, not the bundle', async () => {
  const files = await readdir(join(all.outdir, 'assets'))
  for (const f of files) {
    const text = await readFile(join(all.outdir, 'assets', f), 'utf8')
    assert.not.ok(text.includes(API_BASE) || text.includes(CIPHER_KEY), `${f} contains configuration`)
  }
  const config = await readFile(join(all.outdir, 'app-config.js'), 'utf8')
  assert.ok(config.includes(API_BASE) && config.includes(CIPHER_KEY))
  assert.match(config, /"mode": "production"/)
})

t('BLD-01 --base /app/: index.html says where it is served; a base that is not a path is refused', async () => {
  const outdir = await mkdtemp(join(tmpdir(), 'build-check-'))
  dirs.push(outdir)
  await buildApp({ mode: 'harness', outdir, quiet: true, base: 'app' })
  assert.match(await readFile(join(outdir, 'index.html'), 'utf8'), '<base href="/app/">')
  const err = await buildApp({ mode: 'harness', outdir, quiet: true, base: '/app/"><script>' }).catch((e: Error) => e)
  assert.match(String(err), '--base must be a path')
})

t('BLD-02 the white-label build carries only its own plugin set', async () => {
  const white = await build('white')
  const standard = await build('default')
  const w = pluginsIn(white)
  const d = pluginsIn(standard)
  assert.ok(d.size > 0 && w.size > 0, `plugins: default ${[...d]}, white ${[...w]}`)
  const dropped = [...d].filter((id) => !w.has(id))
  assert.ok(dropped.length > 0, `the white-label build drops no plugin of the default (${[...w]})`)
  if (d.has('home')) assert.not.ok(w.has('home'), 'white-label has no home plugin')
  // the all-apps build holds both sets
  const a = pluginsIn(all)
  for (const id of [...d, ...w]) assert.ok(a.has(id), `all-apps build lacks ${id}`)
})

t.run()
