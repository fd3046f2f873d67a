// Plays a scenario on a timeline. The clock is injected so tests run a minute-long story at once.
import { readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Operations } from './operations.ts'
import type { Scenario, ScenarioHandle } from './scenario.ts'

export interface Clock {
  now(): number
  /** resolves after ms, or rejects with an AbortError when the signal aborts */
  sleep(ms: number, signal: AbortSignal): Promise<void>
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new DOMException('cancelled', 'AbortError'))
      const t = setTimeout(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      const onAbort = () => {
        clearTimeout(t)
        reject(new DOMException('cancelled', 'AbortError'))
      }
      signal.addEventListener('abort', onAbort, { once: true })
    }),
}

/** A clock that jumps forward instead of waiting, for tests. */
export function instantClock(start = 0): Clock & { elapsed(): number } {
  let now = start
  return {
    now: () => now,
    elapsed: () => now - start,
    sleep: async (ms, signal) => {
      if (signal.aborted) throw new DOMException('cancelled', 'AbortError')
      now += ms
    },
  }
}

export interface StepResult {
  at: number
  label?: string
  ok: boolean
  error?: string
}

export interface ScenarioRun {
  name: string
  done: Promise<{ name: string; status: 'done' | 'cancelled'; steps: StepResult[] }>
  cancel(): void
}

export function runScenario(scenario: Scenario, ops: Operations, opts: { clock?: Clock; log?: (...a: unknown[]) => void; onStep?: (step: StepResult) => void } = {}): ScenarioRun {
  const clock = opts.clock ?? realClock
  const log = opts.log ?? (() => {})
  const abort = new AbortController()
  const h: ScenarioHandle = { ...ops, wait: (ms) => clock.sleep(ms, abort.signal), log }
  const results: StepResult[] = []

  const done = (async () => {
    const start = clock.now()
    try {
      for (const step of scenario.steps) {
        const wait = step.at - (clock.now() - start)
        if (wait > 0) await clock.sleep(wait, abort.signal)
        if (abort.signal.aborted) break
        try {
          await step.run(h)
          results.push({ at: step.at, label: step.label, ok: true })
          opts.onStep?.(results.at(-1)!)
          log(`scenario ${scenario.name} @${step.at}ms ${step.label ?? ''}`.trim())
        } catch (err) {
          if ((err as Error).name === 'AbortError') throw err
          // one failing step is reported and the story goes on, like a real evening would
          results.push({ at: step.at, label: step.label, ok: false, error: (err as Error).message })
          opts.onStep?.(results.at(-1)!)
          log(`scenario ${scenario.name} @${step.at}ms failed: ${(err as Error).message}`)
        }
      }
    } catch (err) {
      if ((err as Error).name !== 'AbortError') throw err
    }
    return { name: scenario.name, status: abort.signal.aborted ? ('cancelled' as const) : ('done' as const), steps: results }
  })()

  return { name: scenario.name, done, cancel: () => abort.abort() }
}

const scenariosDir = fileURLToPath(new URL('./scenarios/', import.meta.url))

/** Every harness/scenarios/<name>.ts, by name. */
export async function loadScenarios(dir = scenariosDir): Promise<Map<string, Scenario>> {
  const out = new Map<string, Scenario>()
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts')).sort()
  for (const file of files) {
    const mod = await import(pathToFileURL(dir + file).href)
    const scenario = mod.default as Scenario | undefined
    if (!scenario?.name || !Array.isArray(scenario.steps)) throw new Error(`harness/scenarios/${file} must export default defineScenario({...})`)
    if (scenario.name !== file.replace(/\.ts$/, '')) throw new Error(`harness/scenarios/${file} names itself ${scenario.name}; use the file name`)
    out.set(scenario.name, scenario)
  }
  return out
}
