// The event log beside every tab: what the app asked (API calls) and what was pushed, newest first.
import { useEffect, useState } from 'react'
import type { Stamped } from '../events.ts'
import { call, useEvents } from './data.ts'
import { timeOf } from './parts.tsx'

const KEEP = 300
/** state and settings changes refresh the panels; the log keeps what was asked and sent */
const logged = (e: Stamped) => e.kind !== 'state' && e.kind !== 'settings'

export function EventLog() {
  const [events, setEvents] = useState<Stamped[]>([])
  const [filter, setFilter] = useState<'all' | 'api' | 'push'>('all')
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    call('GET', '/events/recent').then((list: Stamped[]) => setEvents((now) => (now.length ? now : list.filter(logged).reverse())), () => {})
  }, [])
  useEvents((e) => {
    if (paused || !logged(e)) return
    setEvents((now) => [e, ...now].slice(0, KEEP))
  })
  const shown = events.filter((e) => filter === 'all' || e.kind === filter)
  return (
    <aside className="log" aria-label="Event log">
      <header className="log__head">
        <h2>Event log</h2>
        <div className="seg">
          {(['all', 'api', 'push'] as const).map((f) => (
            <button key={f} type="button" className={`seg__btn${filter === f ? ' is-on' : ''}`} onClick={() => setFilter(f)}>
              {f === 'all' ? 'All' : f === 'api' ? 'API' : 'Pushes'}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn--quiet" onClick={() => setPaused(!paused)}>
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className="btn btn--quiet" onClick={() => setEvents([])}>
          Clear
        </button>
      </header>
      <ol className="log__list" data-testid="event-log">
        {!shown.length ? <li className="muted">Nothing yet: use the app, or send something from here.</li> : null}
        {shown.map((e) => (
          <li key={e.id} className={`ev ev--${e.kind}`}>
            <span className="ev__t">{timeOf(e.t)}</span>
            <span className="ev__what">
              <Line e={e} />
            </span>
          </li>
        ))}
      </ol>
    </aside>
  )
}

function Line({ e }: { e: Stamped }) {
  switch (e.kind) {
    case 'api':
      return (
        <span>
          <span className={`code ${e.code === '0000' ? 'code--ok' : 'code--bad'}`}>{e.code}</span> {e.path.replace(/^\/api/, '')}{' '}
          <span className="muted">
            {e.ms} ms{e.userId ? ` · ${e.userId}` : ''}
          </span>
        </span>
      )
    case 'push':
      return (
        <span>
          <span className="code code--push">push</span> {e.pushType} → {e.userId === 'all' ? 'everyone' : e.userId} <span className="muted">({e.reached} socket{e.reached === 1 ? '' : 's'})</span>
        </span>
      )
    case 'scenario':
      return (
        <span>
          <span className="code code--scn">scenario</span> {e.name} {e.step ? `${e.step.ok ? '✓' : '✗'} ${e.step.label ?? ''}` : e.status}
        </span>
      )
    default:
      return <span>{e.kind}</span>
  }
}
