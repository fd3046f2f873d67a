// The harness in a process of its own, for load generators and the crash test: it starts on a
// free loopback port with the given state file and prints one JSON line {url, pid}. Usage:
//   node --import tsx bench/harness-child.ts <statePath>
import { startHarness } from '../harness/server.ts'
import { StateFileError } from '../harness/store.ts'

const statePath = process.argv[2]
if (!statePath) {
  console.error('usage: harness-child.ts <statePath>')
  process.exit(2)
}
const h = await startHarness({ port: 0, host: '127.0.0.1', statePath, quiet: true, settings: { hostTickMs: 0 } }).catch((err: unknown) => {
  if (!(err instanceof StateFileError)) throw err
  console.error(`[harness] not started: ${err.message}`)
  process.exit(1)
})
console.log(JSON.stringify({ url: h.url, pid: process.pid }))
const stop = async () => {
  await h.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
