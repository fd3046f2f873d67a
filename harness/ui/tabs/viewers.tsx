// Viewers: balances (set through the ledger), VIP, new or paid, and links opening the app as them.
import { useMemo, useState } from 'react'
import { call, useLive, type Entry, type Json } from '../data.ts'
import { Act, Card, Loading } from '../parts.tsx'
import { RowColumn, useColumnStates } from './hosts.tsx'

export function ViewersTab({ entries }: { entries: Entry[] }) {
  const viewers = useLive<Json[]>('/users')
  const rows = useLive<Json[]>('/users/records')
  const columns = entries.filter((e) => e.rowOf?.kind === 'viewer')
  const { states, load } = useColumnStates(columns)
  const extra = useMemo(() => new Map((rows.data ?? []).map((u: Json) => [u.userId, u])), [rows.data])
  return (
    <Card title={`Viewers${viewers.data ? ` · ${viewers.data.length}` : ''}`}>
      {!viewers.data ? (
        <Loading error={viewers.error} retry={viewers.reload} />
      ) : (
        <div className="scroll">
          <table className="table" data-testid="viewers-table">
            <thead>
              <tr>
                <th>Viewer</th>
                <th className="num">Diamonds</th>
                <th>VIP</th>
                <th>Paying</th>
                {columns.map((c) => (
                  <th key={c.name}>{c.rowOf!.label}</th>
                ))}
                <th>Open the app as them</th>
              </tr>
            </thead>
            <tbody>
              {viewers.data.map((v) => (
                <ViewerRow key={v.userId} viewer={v} extra={extra.get(v.userId)} columns={columns} states={states} reload={load} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}

function ViewerRow({ viewer, extra, columns, states, reload }: { viewer: Json; extra: Json; columns: Entry[]; states: Record<string, Json>; reload: () => void }) {
  const [amount, setAmount] = useState('')
  const vip = extra?.vipInfo?.isVip && (!extra.vipInfo.expireTime || Date.parse(extra.vipInfo.expireTime) > Date.now())
  const paid = extra?.forcePayFinished !== false && !!(extra?.firstPayTime ?? extra?.forcePayFinished)
  const app = (lang?: string) => `/wall?${lang ? `lang=${lang}&` : ''}token=${encodeURIComponent(viewer.token ?? '')}`
  const setBalance = async () => {
    const n = Number(amount)
    if (!Number.isInteger(n) || n < 0) throw new Error('A balance is a whole number of diamonds, 0 or more')
    await call('POST', `/users/${viewer.userId}/balance`, { diamondNum: n })
    setAmount('')
  }
  return (
    <tr data-testid={`viewer-${viewer.userId}`}>
      <td>
        <div className="who">
          <img src={`/__harness/avatar/${viewer.userId}.svg`} alt="" width={28} height={28} />
          <div>
            <div className="who__name">{viewer.nickname}</div>
            <div className="who__id">
              {viewer.userId} · {viewer.email ?? 'no email'}
            </div>
          </div>
        </div>
      </td>
      <td className="num">
        <div className="inline">
          <strong className="balance">{viewer.diamondNum.toLocaleString('en')}</strong>
          <input className="small-input" inputMode="numeric" placeholder="set" value={amount} onChange={(e) => setAmount(e.target.value)} aria-label={`New balance of ${viewer.userId}`} />
          <Act run={setBalance} done={`Balance of ${viewer.userId} set`} disabled={!amount.trim()}>
            Set
          </Act>
        </div>
      </td>
      <td>{vip ? <span className="pill pill--gold">VIP</span> : <span className="pill">no</span>}</td>
      <td>
        <div className="seg">
          <Act kind="quiet" active={!paid} run={() => call('POST', `/users/${viewer.userId}/paid`, { paid: false })} title="Never paid: the first-pay offer shows">
            new
          </Act>
          <Act kind="quiet" active={paid} run={() => call('POST', `/users/${viewer.userId}/paid`, { paid: true })}>
            paid
          </Act>
        </div>
      </td>
      {columns.map((c) => (
        <RowColumn key={c.name} entry={c} row={viewer} states={states} reload={reload} />
      ))}
      <td>
        {viewer.token ? (
          <div className="inline">
            <a className="link" href={app()} target="_blank" rel="noreferrer">
              English ↗
            </a>
            <a className="link" href={app('ar')} target="_blank" rel="noreferrer">
              العربية ↗
            </a>
          </div>
        ) : (
          <span className="muted">no token (log in by email)</span>
        )}
      </td>
    </tr>
  )
}
