// Pushes: a composer with the known push types as templates (the JSON is checked before it goes),
// a raw frame for malformed input, and the open realtime connections with drop.
import { useEffect, useState } from 'react'
import { call, useLive, type Json } from '../data.ts'
import { Act, Card, Empty, JsonField, Loading, jsonProblem, pretty, timeOf } from '../parts.tsx'
import { TEMPLATES } from '../push-templates.ts'

export function PushesTab() {
  return (
    <div className="grid2">
      <Composer />
      <Connections />
    </div>
  )
}

function Composer() {
  const viewers = useLive<Json[]>('/users')
  const [to, setTo] = useState('100001')
  const [type, setType] = useState<string>('notice')
  const [data, setData] = useState(pretty(TEMPLATES.notice))
  const [raw, setRaw] = useState('{"pushType": "notice", "data": ')
  const pick = (t: string) => {
    setType(t)
    setData(pretty(TEMPLATES[t] ?? {}))
  }
  const send = async () => {
    const problem = jsonProblem(data)
    if (problem) throw new Error(`The data is not a JSON object: ${problem}`)
    const out = await call('POST', '/push', { userId: to === 'all' ? 'all' : Number(to), message: { pushType: type, data: JSON.parse(data) } })
    return out
  }
  return (
    <Card title="Send a push" testId="composer">
      <div className="form">
        <label>
          To
          <select value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="all">Everyone connected</option>
            {(viewers.data ?? []).map((v) => (
              <option key={v.userId} value={v.userId}>
                {v.userId} {v.nickname}
              </option>
            ))}
          </select>
        </label>
        <label>
          Push type
          <select value={type in TEMPLATES ? type : ''} onChange={(e) => pick(e.target.value)}>
            {Object.keys(TEMPLATES).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="wide">
          data
          <JsonField value={data} onChange={setData} rows={7} testId="push-data" />
        </label>
        <div className="wide">
          <Act kind="primary" run={send} done="Push sent" disabled={!!jsonProblem(data)}>
            Send {type}
          </Act>
        </div>
        <label className="wide">
          Raw frame (sent as is, malformed on purpose: the app must shrug it off)
          <textarea className="json__text" rows={2} value={raw} spellCheck={false} onChange={(e) => setRaw(e.target.value)} />
        </label>
        <div className="wide">
          <Act kind="danger" run={() => call('POST', '/push', { userId: Number(to === 'all' ? 100001 : to), message: { raw } })} done="Raw frame sent">
            Send raw frame to {to === 'all' ? 100001 : to}
          </Act>
        </div>
      </div>
    </Card>
  )
}

function Connections() {
  const conns = useLive<Json[]>('/connections', ['push', 'state'])
  // sockets open and close without a state change: look again every few seconds
  const { reload } = conns
  useEffect(() => {
    const t = setInterval(reload, 3000)
    return () => clearInterval(t)
  }, [reload])
  return (
    <Card title={`Connections${conns.data ? ` · ${conns.data.length}` : ''}`} aside={<Act kind="danger" run={() => call('POST', '/connections/drop', {}).then(reload)} done="Every socket dropped">Drop all</Act>}>
      {!conns.data ? (
        <Loading error={conns.error} retry={reload} />
      ) : !conns.data.length ? (
        <Empty>No app is connected to /ws. Open the app as a viewer (Viewers tab).</Empty>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>User</th>
              <th>Reported</th>
              <th>Last heartbeat</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {conns.data.map((c, i) => (
              <tr key={i}>
                <td>{c.userId}</td>
                <td>{c.onlineStatus === 10000 ? `in a call ${c.channelId}` : c.onlineStatus === 1 ? 'online' : '—'}</td>
                <td className="muted">{c.lastHeartbeat ? timeOf(c.lastHeartbeat) : 'none yet'}</td>
                <td>
                  <Act kind="danger" run={() => call('POST', '/connections/drop', { userId: c.userId }).then(reload)} done={`Sockets of ${c.userId} dropped`}>
                    Drop
                  </Act>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  )
}
