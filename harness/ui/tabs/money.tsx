// Money: the ledger with its invariant, and the plugins' order lists with their settle buttons.
import { useState } from 'react'
import { call, fill, useLive, type Entry, type Json } from '../data.ts'
import { Act, Card, Empty, Loading, timeOf } from '../parts.tsx'

const SHOWN = 200

export function MoneyTab({ entries }: { entries: Entry[] }) {
  return (
    <div className="stack">
      {entries
        .filter((e) => e.tab === 'money' && e.list)
        .map((e) => (
          <ListEntry key={e.name} entry={e} />
        ))}
      <Ledger />
    </div>
  )
}

function Ledger() {
  const [userId, setUserId] = useState('')
  const ledger = useLive<{ entries: Json[]; check: { ok: boolean; problems: string[] } }>(`/ledger${userId ? `?userId=${userId}` : ''}`)
  const viewers = useLive<Json[]>('/users')
  const rows = ledger.data?.entries ?? []
  const check = ledger.data?.check
  return (
    <Card
      title="Ledger"
      testId="ledger"
      aside={
        <>
          {check ? (
            <span className={`invariant ${check.ok ? 'is-ok' : 'is-bad'}`} data-testid="invariant" title={check.problems.join('\n')}>
              {check.ok ? '✓ Invariant holds: opening + moves = balance, for every user' : `✗ Invariant broken: ${check.problems.length} problem(s)`}
            </span>
          ) : null}
          <select value={userId} onChange={(e) => setUserId(e.target.value)} aria-label="Filter the ledger by user">
            <option value="">Every user</option>
            {(viewers.data ?? []).map((v) => (
              <option key={v.userId} value={v.userId}>
                {v.userId} {v.nickname}
              </option>
            ))}
          </select>
        </>
      }
    >
      {check && !check.ok ? (
        <ul className="problems">
          {check.problems.slice(0, 5).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {!ledger.data ? (
        <Loading error={ledger.error} retry={ledger.reload} />
      ) : !rows.length ? (
        <Empty>No diamond has moved{userId ? ` for ${userId}` : ''} yet.</Empty>
      ) : (
        <div className="scroll scroll--short">
          <table className="table">
            <thead>
              <tr>
                <th>#</th>
                <th>Time</th>
                <th>User</th>
                <th>Reason</th>
                <th className="num">Move</th>
                <th className="num">Balance after</th>
                <th>Key</th>
              </tr>
            </thead>
            <tbody>
              {rows
                .slice(-SHOWN)
                .reverse()
                .map((r) => (
                  <tr key={r.id}>
                    <td className="muted">{r.id}</td>
                    <td className="muted">{timeOf(r.at)}</td>
                    <td>{r.userId}</td>
                    <td>{r.reason}</td>
                    <td className={`num ${r.delta < 0 ? 'minus' : 'plus'}`}>{r.delta > 0 ? `+${r.delta}` : r.delta}</td>
                    <td className="num">{r.balanceAfter}</td>
                    <td className="muted mono">{r.key ?? ''}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          {rows.length > SHOWN ? <div className="muted foot">The latest {SHOWN} of {rows.length} rows.</div> : null}
        </div>
      )}
    </Card>
  )
}

/** A plugin's list entry as a table, with its row actions (settle, approve...). */
export function ListEntry({ entry }: { entry: Entry }) {
  const list = useLive<Json[]>(`/${entry.name}`)
  const spec = entry.list!
  const rows = Array.isArray(list.data) ? list.data : []
  const matches = (row: Json, when?: Record<string, unknown>) => !when || Object.entries(when).every(([k, v]) => row[k] === v)
  return (
    <Card title={entry.title} testId={`list-${entry.name}`} aside={entry.description ? <span className="muted">{entry.description}</span> : null}>
      {!list.data ? (
        <Loading error={list.error} retry={list.reload} />
      ) : !rows.length ? (
        <Empty>Nothing here yet.</Empty>
      ) : (
        <div className="scroll scroll--short">
          <table className="table">
            <thead>
              <tr>
                {spec.columns.map((c) => (
                  <th key={c}>{words(c)}</th>
                ))}
                {spec.actions?.length ? <th>Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows
                .slice()
                .reverse()
                .map((row, i) => (
                  <tr key={row.orderCode ?? row.id ?? i} data-testid={`row-${row.orderCode ?? row.id ?? i}`}>
                    {spec.columns.map((c) => (
                      <td key={c} className={c === 'state' ? `state-${row[c]}` : ''}>
                        {cell(row[c])}
                      </td>
                    ))}
                    {spec.actions?.length ? (
                      <td>
                        <div className="inline">
                          {spec.actions
                            .filter((a) => matches(row, a.when))
                            .map((a) => (
                              <Act key={a.label} kind={a.variant} run={() => call('POST', `/${a.control}`, fill(a.body, row))} done={`${a.label}: done`}>
                                {a.label}
                              </Act>
                            ))}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}

/** orderCode -> order code */
const words = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()

function cell(v: unknown) {
  if (v == null) return <span className="muted">—</span>
  if (typeof v === 'number' && v > 1e12) return timeOf(v)
  if (typeof v === 'object') return <span className="mono">{JSON.stringify(v)}</span>
  return String(v)
}
