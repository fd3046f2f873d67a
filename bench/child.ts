// Start bench/harness-child.ts and wait for its address (bounded in time); stop or kill it.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const script = fileURLToPath(new URL('./harness-child.ts', import.meta.url))
const root = fileURLToPath(new URL('..', import.meta.url))

export interface Child {
  url: string
  pid: number
  proc: ChildProcess
  /** SIGKILL: no flush, no goodbye (the crash test) */
  kill(): Promise<void>
  /** SIGTERM: a clean close */
  stop(): Promise<void>
  /** resident memory of the harness process, in MB (Linux /proc), or null */
  rssMb(): number | null
  /** the harness's own event-loop delay since the last call, per second: the worst p99 and max (ms) */
  loopDelay(): { p99: number; max: number }
}

export async function startChild(statePath: string, timeoutMs = 60_000): Promise<Child> {
  // BENCH_HARNESS_NODE_ARGS: node flags for the harness process only (e.g. --cpu-prof to profile it)
  const nodeArgs = (process.env.BENCH_HARNESS_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, statePath], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<void>((ok) => proc.once('exit', () => ok()))
  const first = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    let buf = ''
    const timer = setTimeout(() => reject(new Error(`the harness child did not start within ${timeoutMs} ms`)), timeoutMs)
    const onData = (d: Buffer) => {
      buf += d
      const line = buf.split('\n').find((l) => l.startsWith('{'))
      if (!line) return
      clearTimeout(timer)
      proc.stdout!.off('data', onData)
      resolve(JSON.parse(line))
    }
    proc.stdout!.on('data', onData)
    proc.once('exit', (code) => reject(new Error(`the harness child exited with ${code} before starting`)))
  })
  let loop = { p99: 0, max: 0 }
  let lines = ''
  proc.stdout!.on('data', (d) => {
    lines += d
    const all = lines.split('\n')
    lines = all.pop() ?? ''
    for (const line of all) {
      if (!line.startsWith('{"loop"')) continue
      const l = JSON.parse(line).loop
      loop = { p99: Math.max(loop.p99, l.p99), max: Math.max(loop.max, l.max) }
    }
  })
  const end = async (signal: NodeJS.Signals) => {
    if (proc.exitCode == null && proc.signalCode == null) proc.kill(signal)
    await exited
  }
  return {
    ...first,
    proc,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    loopDelay() {
      const seen = loop
      loop = { p99: 0, max: 0 }
      return seen
    },
    rssMb() {
      try {
        const m = readFileSync(`/proc/${first.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
        return m ? Math.round(Number(m[1]) / 102.4) / 10 : null
      } catch {
        return null
      }
    },
  }
}
