// Scenarios (HAR-05): scripts that drive hosts, pushes and balances on a timeline.
// A scenario is data (name, description, steps at ms offsets); the runner plays it.
import type { Operations } from './operations.ts'

/** What a step gets: the control operations plus a wait on the runner's clock. */
export interface ScenarioHandle extends Operations {
  wait(ms: number): Promise<void>
  log(...args: unknown[]): void
}

interface ScenarioStep {
  /** ms after the start */
  at: number
  label?: string
  run: (h: ScenarioHandle) => unknown | Promise<unknown>
}

export interface Scenario {
  name: string
  description: string
  steps: ScenarioStep[]
}

export function defineScenario(scenario: Scenario): Scenario {
  if (!/^[a-z0-9-]+$/.test(scenario.name)) throw new Error(`scenario name must be kebab-case, got ${scenario.name}`)
  for (const s of scenario.steps) {
    if (!Number.isFinite(s.at) || s.at < 0) throw new Error(`scenario ${scenario.name}: step at ${s.at} must be >= 0 ms`)
  }
  return { ...scenario, steps: [...scenario.steps].sort((a, b) => a.at - b.at) }
}
