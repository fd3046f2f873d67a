// The harness in a process of its own, for load generators and the crash test: it starts on a
// free loopback port with the given state file and prints one JSON line {url, pid}. Usage:
//   node --import tsx bench/harness-child.ts <statePath>
import { monitorEventLoopDelay } from 'node:perf_hooks'
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
// every second, how late this process's event loop ran (what a slow answer owes to the harness
// itself, as opposed to a machine too busy to run it): one JSON line each, read by bench/child.ts
const delay = monitorEventLoopDelay({ resolution: 10 })
delay.enable()
setInterval(() => {
  console.log(JSON.stringify({ loop: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 } }))
  delay.reset()
}, 1000).unref()
const stop = async () => {
  await h.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
