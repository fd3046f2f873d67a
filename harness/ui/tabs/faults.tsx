// Faults: per API path (fail n times, delay, HTTP status, envelope code, garbled body), a weak
// network for every call, and the plugins' own troubles (calls); what is on is listed at the top.
import { useState } from 'react'
import { at, call, useLive, type Entry, type Json } from '../data.ts'
import { Act, Card } from '../parts.tsx'
import { EntryForm } from './entries.tsx'

export function FaultsTab({ entries, paths }: { entries: Entry[]; paths: string[] }) {
  return (
    <div className="stack">
      <div className="grid2">
        <ApiFault paths={paths} />
        <WeakNetwork />
      </div>
      <Card title="Calls and other plugin troubles">
        <div className="entries">
          {entries
            .filter((e) => e.tab === 'faults' && !e.faultState)
            .map((e) => (
              <EntryForm key={e.name} entry={e} />
            ))}
        </div>
      </Card>
    </div>
  )
}

function ApiFault({ paths }: { paths: string[] }) {
  const [path, setPath] = useState('/api/anchor/v4/anchorList')
  const [kind, setKind] = useState<'envelope' | 'http' | 'delay' | 'garble'>('envelope')
  const [times, setTimes] = useState('1')
  const [value, setValue] = useState('5000')
  const add = async () => {
    if (!path.startsWith('/api/')) throw new Error('The path starts with /api/')
    const fault: Record<string, unknown> = {}
    if (times.trim()) {
      const n = Number(times)
      if (!Number.isInteger(n) || n < 1) throw new Error('Times is a whole number (empty: until cleared)')
      fault.fail = n
    }
    if (kind === 'envelope') fault.code = value || '5000'
    if (kind === 'http') fault.httpStatus = Number(value) || 500
    if (kind === 'delay') fault.delayMs = Number(value) || 3000
    if (kind === 'garble') fault.garble = true
    await call('POST', '/settings', { faults: { [path]: fault } })
  }
  const hint = { envelope: 'Envelope code (5000 refused, 4010 login, 1080 not enough)', http: 'HTTP status', delay: 'Delay in ms (answers correctly, late)', garble: '' }[kind]
  return (
    <Card title="Fault on an API path" testId="api-fault">
      <div className="form">
        <label className="wide">
          Path
          <input list="api-paths" value={path} onChange={(e) => setPath(e.target.value)} data-testid="fault-path" />
          <datalist id="api-paths">
            {paths.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </label>
        <label>
          What
          <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)} data-testid="fault-kind">
            <option value="envelope">Fail with a code</option>
            <option value="http">HTTP error status</option>
            <option value="delay">Slow answer</option>
            <option value="garble">Garbled body</option>
          </select>
        </label>
        <label>
          Times
          <input value={times} onChange={(e) => setTimes(e.target.value)} placeholder="until cleared" inputMode="numeric" />
        </label>
        {hint ? (
          <label className="wide">
            {hint}
            <input value={value} onChange={(e) => setValue(e.target.value)} data-testid="fault-value" />
          </label>
        ) : null}
        <div className="wide">
          <Act kind="primary" run={add} done="Fault set" testId="fault-add">
            Set fault
          </Act>
        </div>
      </div>
    </Card>
  )
}

function WeakNetwork() {
  const settings = useLive<Json>('/settings', ['settings'])
  const now = Number(settings.data?.latencyMs ?? 0)
  const presets: Array<[string, number]> = [['Normal', 0], ['3G (800 ms)', 800], ['Bad (3 s)', 3000], ['Awful (7 s, past time-outs)', 7000]]
  return (
    <Card title="Weak network" aside={<span className="muted">every API answer is late</span>}>
      <div className="seg seg--wrap">
        {presets.map(([label, ms]) => (
          <Act key={ms} kind="quiet" active={now === ms} run={() => call('POST', '/settings', { latencyMs: ms })}>
            {label}
          </Act>
        ))}
      </div>
    </Card>
  )
}

/** The strip under the title: every active fault, each removable, and one button for all. */
export function ActiveFaults({ entries }: { entries: Entry[] }) {
  const settings = useLive<Json>('/settings', ['settings', 'state'])
  const stateEntries = entries.filter((e) => e.faultState)
  const faults = Object.entries((settings.data?.faults ?? {}) as Record<string, Json>)
  const latency = Number(settings.data?.latencyMs ?? 0)
  const clearAll = async () => {
    await call('POST', '/settings', { faults: Object.fromEntries(faults.map(([p]) => [p, null])), latencyMs: 0 })
    for (const e of stateEntries) await call('POST', `/${e.faultState!.clear}`, {})
  }
  return (
    <div className="faults" data-testid="active-faults">
      <span className="faults__label">Active faults</span>
      {faults.map(([path, f]) => (
        <span key={path} className="chip chip--bad" data-testid="fault-chip">
          {path.replace('/api/', '')} · {describe(f)}
          <button type="button" aria-label={`Remove the fault on ${path}`} onClick={() => call('POST', '/settings', { faults: { [path]: null } })}>
            ×
          </button>
        </span>
      ))}
      {latency ? <span className="chip chip--bad">weak network +{latency} ms</span> : null}
      {stateEntries.map((e) => (
        <PluginFaults key={e.name} entry={e} />
      ))}
      {!faults.length && !latency ? <span className="muted" data-testid="no-faults">none on the API</span> : null}
      <Act kind="danger" run={clearAll} done="Every fault cleared" testId="clear-faults">
        Clear all
      </Act>
    </div>
  )
}

function PluginFaults({ entry }: { entry: Entry }) {
  const state = useLive<Json>(`/${entry.name}`, ['state', 'settings'])
  const on = entry.faultState!.fields.filter((f) => {
    const v = at(state.data, f)
    return v === true || (typeof v === 'number' && v > 0)
  })
  return (
    <>
      {on.map((f) => (
        <span key={f} className="chip chip--bad">
          {entry.plugin}: {f} {String(at(state.data, f)) === 'true' ? '' : at(state.data, f)}
        </span>
      ))}
    </>
  )
}

function describe(f: Json) {
  const what = f.garble ? 'garbled body' : f.httpStatus ? `HTTP ${f.httpStatus}` : f.code ? `code ${f.code}` : f.delayMs ? `+${f.delayMs} ms` : 'fails'
  const delay = f.delayMs && (f.garble || f.httpStatus || f.code) ? ` +${f.delayMs} ms` : ''
  return `${what}${delay}${f.fail != null ? ` × ${f.fail}` : ' until cleared'}`
}
