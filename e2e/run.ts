// End-to-end runner: builds the app once in harness mode, then runs every e2e/*.e2e.ts (uvu suites,
// each with its own harness) in headless Chromium. `node --import tsx e2e/run.ts [name-filter]`.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildApp } from '../build.mjs'
import { keepFailures } from '../test/failures.ts'

const here = resolve('e2e')
const filter = process.argv[2] ? new RegExp(process.argv[2], 'i') : null
const files = (await readdir(here)).filter((f) => f.endsWith('.e2e.ts') && (!filter || filter.test(f))).sort()
if (!files.length) {
  console.error(`no e2e suite matches ${filter ?? '*.e2e.ts'}`)
  process.exit(1)
}

// E2E_STATIC_DIR reuses an existing harness-mode build (quicker when iterating on a test)
const prebuilt = process.env.E2E_STATIC_DIR
const outdir = prebuilt ? resolve(prebuilt) : await mkdtemp(join(tmpdir(), 'e2e-app-'))
let code = 1
const printFailures = keepFailures()
// a hung page or harness fails the run instead of holding CI until its own limit
const LIMIT_MS = 60 * 60_000
setTimeout(() => {
  console.error(`\ne2e tests: still running after ${LIMIT_MS / 60_000} minutes (the last test named above hangs)`)
  printFailures()
  process.exit(1)
}, LIMIT_MS).unref()
let lib: typeof import('./lib.ts') | null = null
try {
  if (!prebuilt) {
    const started = Date.now()
    await buildApp({ mode: 'harness', outdir, quiet: true })
    console.log(`built the app (harness mode) in ${Date.now() - started} ms`)
  }
  // the same protocol as uvu's own CLI: defer (before uvu first loads), queue one group per file, then exec
  const g = globalThis as any
  g.UVU_DEFER = 1
  const uvu = await import('uvu')
  lib = await import('./lib.ts')
  lib.useStaticDir(outdir)
  g.UVU_QUEUE ??= []
  for (const [i, file] of files.entries()) {
    g.UVU_INDEX = i
    g.UVU_QUEUE.push([file])
    await import(pathToFileURL(join(here, file)).href)
  }
  await uvu.exec(false)
  printFailures()
  code = process.exitCode === 1 ? 1 : 0
} catch (err) {
  console.error(err)
} finally {
  await lib?.closeBrowser().catch(() => {})
  if (!prebuilt) await rm(outdir, { recursive: true, force: true })
}
process.exit(code)
