// Runs every unit test file with uvu, then exits. uvu only sets the exit code, so a test that
// leaves a server, socket or timer behind would keep the process (and CI) waiting for ever.
import { parse } from 'uvu/parse'
import { run } from 'uvu/run'
import { keepFailures } from './failures.ts'

const LIMIT_MS = 15 * 60_000

const printFailures = keepFailures()
const ctx = await parse('.', '\\.test\\.tsx?$', { ignore: ['node_modules', 'e2e'] })
setTimeout(() => {
  console.error(`\nunit tests: still running after ${LIMIT_MS / 60_000} minutes (the last file named above hangs)`)
  process.exit(1)
}, LIMIT_MS).unref()

await run(ctx.suites, { bail: false })
printFailures()
process.exit(process.exitCode ?? 0)
