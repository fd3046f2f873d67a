// npm start: build the app in harness mode, then serve it with the fake backend on one port.
//   PORT (default 5173), HOST (default 127.0.0.1), HARNESS_STATE (default .harness/state.json),
//   HARNESS_OPEN_CONTROL=1 (the control API and page answer any address: a team server)
//   HARNESS_RAW_STATE=1 (json-server's router over the raw state at /__harness/db: every token, any write)
//   HARNESS_HOSTS=name,name (host names the open control API answers to besides loopback and addresses)
//   HARNESS_APP_ORIGINS=http://a,http://b (pages of these origins may call /api; CORS)
//   HARNESS_BASE_PATH=/app/ (the app served under this sub-path, as a deploy may serve it)
import { join } from 'node:path'
import { TEST_USER_ID } from './seed.ts'
import { projectRoot, startHarness } from './server.ts'
import { StateFileError } from './store.ts'
import { controlPage } from './ui/serve.ts'

process.chdir(projectRoot)
const outdir = 'dist/harness'
let staticDir: string | undefined = join(projectRoot, outdir)

// a variable specifier: build.mjs is plain JS written elsewhere, loaded only here
const buildModule = '../build.mjs'
try {
  const { buildApp } = await import(buildModule)
  if (typeof buildApp !== 'function') throw new Error('build.mjs does not export buildApp')
  await buildApp({ mode: 'harness', outdir })
} catch (err) {
  const e = err as NodeJS.ErrnoException
  if (e.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes('build.mjs')) {
    console.warn('[harness] build.mjs is missing: serving the API, control API and WebSockets without the app')
    staticDir = undefined
  } else {
    console.error('[harness] the app build failed:', e.message ?? e)
    process.exit(1)
  }
}

const harness = await startHarness({
  port: Number(process.env.PORT ?? 5173),
  host: process.env.HOST,
  statePath: process.env.HARNESS_STATE,
  staticDir,
  openControl: process.env.HARNESS_OPEN_CONTROL === '1',
  rawState: process.env.HARNESS_RAW_STATE === '1',
  basePath: process.env.HARNESS_BASE_PATH,
  hostNames: (process.env.HARNESS_HOSTS ?? '').split(','),
  settings: { appOrigins: (process.env.HARNESS_APP_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean) },
}).catch((err: unknown) => {
  // a state file it must not touch (another harness's, broken, misshapen): the reason, no stack
  if (!(err instanceof StateFileError)) throw err
  console.error(`[harness] not started: ${err.message}`)
  process.exit(1)
})
controlPage.warm()
const user = harness.ctx.userById(TEST_USER_ID)
const url = harness.url
const app = `${url}/${(process.env.HARNESS_BASE_PATH ?? '').replace(/^\/+|\/+$/g, '')}/`.replace(/\/\/$/, '/')
console.log(`
  Harness ready  ${url}/
  as the test user     ${app}wall?token=${user?.token ?? 'test-token-100001'}
  in Arabic            ${app}wall?lang=ar&token=${user?.token ?? 'test-token-100001'}
  control page         ${url}/__harness/ui
  control API          ${url}/__harness/   (npm run harness -- hosts | reset | scenario evening-rush)
  raw state            ${process.env.HARNESS_RAW_STATE === '1' ? `${url}/__harness/db` : 'off (HARNESS_RAW_STATE=1 turns it on)'}
`)

if (process.env.HARNESS_OPEN_CONTROL === '1') {
  console.warn(`  WARNING: HARNESS_OPEN_CONTROL=1: the control API and page answer ANY address that reaches this
  server. Anyone on the network can change balances, settle orders and inject faults. Use it on a
  trusted team network only.
`)
}

const stop = async () => {
  await harness.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
