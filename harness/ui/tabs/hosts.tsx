// Hosts: a searchable table; status and each plugin's per-host control (call behaviour, ...) in one click.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { at, call, fill, useEvents, useLive, type Entry, type Json } from '../data.ts'
import { Act, Card, Empty, Loading } from '../parts.tsx'

const STATUSES = ['live', 'online', 'busy', 'offline'] as const

export function HostsTab({ entries }: { entries: Entry[] }) {
  const hosts = useLive<Json[]>('/hosts')
  const rows = useLive<Json[]>('/users/records')
  const [query, setQuery] = useState('')
  const [only, setOnly] = useState<string>('all')
  const columns = entries.filter((e) => e.rowOf?.kind === 'host')
  const { states, load } = useColumnStates(columns)
  const extra = useMemo(() => new Map((rows.data ?? []).map((u: Json) => [u.userId, u])), [rows.data])
  const shown = (hosts.data ?? []).filter((h) => {
    if (only !== 'all' && h.status !== only) return false
    const q = query.trim().toLowerCase()
    return !q || String(h.userId).includes(q) || String(h.nickname).toLowerCase().includes(q)
  })
  const counts = Object.fromEntries(STATUSES.map((s) => [s, (hosts.data ?? []).filter((h) => h.status === s).length]))

  return (
    <Card
      title={`Hosts${hosts.data ? ` · ${hosts.data.length}` : ''}`}
      aside={
        <>
          <input className="search" type="search" placeholder="Search name or id" value={query} onChange={(e) => setQuery(e.target.value)} aria-label="Search hosts" />
          <div className="seg">
            {['all', ...STATUSES].map((s) => (
              <button key={s} type="button" className={`seg__btn${only === s ? ' is-on' : ''}`} onClick={() => setOnly(s)}>
                {s === 'all' ? 'All' : `${s[0].toUpperCase()}${s.slice(1)} ${counts[s] ?? 0}`}
              </button>
            ))}
          </div>
          <Act run={() => call('POST', '/hosts/tick')} title="One step of the simulated hosts now">
            Tick
          </Act>
        </>
      }
    >
      {!hosts.data ? (
        <Loading error={hosts.error} retry={hosts.reload} />
      ) : !shown.length ? (
        <Empty>No host matches “{query}”.</Empty>
      ) : (
        <div className="scroll">
          <table className="table" data-testid="hosts-table">
            <thead>
              <tr>
                <th>Host</th>
                <th>Grade</th>
                <th className="num">Price/min</th>
                <th>Status</th>
                {columns.map((c) => (
                  <th key={c.name}>{c.rowOf!.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((h) => (
                <HostRow key={h.userId} host={h} extra={extra.get(h.userId)} columns={columns} states={states} reload={load} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}

function HostRow({ host, extra, columns, states, reload }: { host: Json; extra: Json; columns: Entry[]; states: Record<string, Json>; reload: () => void }) {
  return (
    <tr data-testid={`host-${host.userId}`}>
      <td>
        <div className="who">
          <img src={`/__harness/avatar/${host.userId}.svg`} alt="" width={28} height={28} />
          <div>
            <div className="who__name">
              <bdi>{host.nickname}</bdi>
            </div>
            <div className="who__id">
              {host.userId}
              {extra?.userType === 3 ? <span className="tag">robot</span> : null}
            </div>
          </div>
        </div>
      </td>
      <td>{extra?.anchorLevelName ?? '—'}</td>
      <td className="num">{extra?.videoPrice ?? '—'}</td>
      <td>
        <div className="seg seg--status">
          {STATUSES.map((s) => (
            <Act key={s} active={host.status === s} run={() => call('POST', `/hosts/${host.userId}/status`, { status: s })} testId={`status-${host.userId}-${s}`} kind="quiet">
              <span className={`dot dot--${s}`} />
              {s}
            </Act>
          ))}
        </div>
      </td>
      {columns.map((c) => (
        <RowColumn key={c.name} entry={c} row={host} states={states} reload={reload} />
      ))}
    </tr>
  )
}

/** The state entries the per-row columns read their current value from, fetched once per table. */
export function useColumnStates(columns: Entry[]) {
  const names = [...new Set(columns.map((c) => c.rowOf!.current?.entry).filter((n): n is string => !!n))]
  const [states, setStates] = useState<Record<string, Json>>({})
  const load = useCallback(() => {
    for (const n of names) call('GET', `/${n}`).then((v) => setStates((s) => ({ ...s, [n]: v })), () => {})
  }, [names.join()])
  useEffect(load, [load])
  useEvents((e) => (e.kind === 'state' || e.kind === 'settings') && load())
  return { states, load }
}

/** One plugin's per-row buttons, with the current value from its state entry when it names one. */
export function RowColumn({ entry, row, states, reload }: { entry: Entry; row: Json; states: Record<string, Json>; reload: () => void }) {
  const spec = entry.rowOf!
  const path = (p: string) => p.replace(/\$(\w+)/g, (_, f) => String(row[f]))
  const state = spec.current ? states[spec.current.entry] : undefined
  const current = spec.current && state ? (at(state, path(spec.current.path)) ?? (spec.current.fallback ? at(state, spec.current.fallback) : undefined)) : undefined
  const after = async (body: Record<string, unknown>, control: string) => {
    await call('POST', `/${control}`, body)
    reload()
  }
  return (
    <td>
      <div className="seg">
        {spec.actions.map((a) => (
          <Act key={a.label} kind="quiet" active={current != null && String(current) === a.label} run={() => after(fill(a.body, row), a.control)} title={`${a.control} ${JSON.stringify(fill(a.body, row))}`}>
            {a.label}
          </Act>
        ))}
      </div>
    </td>
  )
}
