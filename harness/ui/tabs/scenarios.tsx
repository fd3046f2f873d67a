// Scenarios: each with what it does and what to do in the app; run, cancel, and the steps as they happen.
import { call, useLive, type Json } from '../data.ts'
import { Act, Card, Loading } from '../parts.tsx'

export function ScenariosTab() {
  const list = useLive<Json[]>('/scenarios', ['scenario'])
  if (!list.data) return <Loading error={list.error} retry={list.reload} />
  return (
    <div className="grid2">
      {list.data.map((s) => (
        <Scenario key={s.name} s={s} />
      ))}
    </div>
  )
}

function Scenario({ s }: { s: Json }) {
  const run = s.lastRun as { status: string; steps: Array<{ at: number; label?: string; ok: boolean; error?: string }> } | null
  const done = run?.steps ?? []
  const status = s.running ? 'running' : (run?.status ?? 'idle')
  return (
    <Card
      testId={`scenario-${s.name}`}
      title={
        <>
          {s.name} <span className={`pill pill--${status}`} data-testid="scenario-status">{status}</span>
        </>
      }
      aside={
        <>
          <span className="muted">
            {s.steps} step{s.steps === 1 ? '' : 's'} · {Math.round(s.durationMs / 1000)} s
          </span>
          {s.running ? (
            <Act kind="danger" run={() => call('POST', `/scenarios/${s.name}/cancel`)}>
              Cancel
            </Act>
          ) : (
            <Act kind="primary" run={() => call('POST', `/scenarios/${s.name}`)} testId={`run-${s.name}`}>
              Run
            </Act>
          )}
        </>
      }
    >
      <p className="desc">{s.description}</p>
      <ol className="steps">
        {s.plan.map((p: { at: number; label: string | null }, i: number) => {
          const r = done[i]
          const state = r ? (r.ok ? 'ok' : 'bad') : s.running && i === done.length ? 'next' : 'todo'
          return (
            <li key={i} className={`step step--${state}`} data-testid="scenario-step" data-state={state}>
              <span className="step__at">{(p.at / 1000).toFixed(1)} s</span>
              <span className="step__label">{p.label ?? `step ${i + 1}`}</span>
              {r?.error ? <span className="step__error">{r.error}</span> : null}
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
