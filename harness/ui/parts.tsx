// Small building blocks of the control page: buttons that show their request's progress and
// outcome, toasts, cards, a validated JSON editor.
import { useEffect, useState, type ReactNode } from 'react'
import { Spinner } from '../../kernel/ui/Spinner.tsx'

type Toast = { id: number; text: string; ok: boolean }
let toasts: Toast[] = []
let nextToast = 0
const toastListeners = new Set<(t: Toast[]) => void>()

function notify(text: string, ok = true) {
  const t = { id: ++nextToast, text, ok }
  toasts = [...toasts.slice(-3), t]
  toastListeners.forEach((l) => l(toasts))
  setTimeout(() => {
    toasts = toasts.filter((x) => x !== t)
    toastListeners.forEach((l) => l(toasts))
  }, ok ? 2500 : 6000)
}

export function Toasts() {
  const [list, setList] = useState(toasts)
  useEffect(() => {
    toastListeners.add(setList)
    return () => void toastListeners.delete(setList)
  }, [])
  return (
    <div className="toasts" role="status">
      {list.map((t) => (
        <div key={t.id} className={`toast ${t.ok ? 'toast--ok' : 'toast--bad'}`}>
          {t.text}
        </div>
      ))}
    </div>
  )
}

/** A button running an async action: busy while it runs, a toast with the outcome. */
export function Act({ run, children, kind, title, active, done, testId, disabled }: {
  run: () => Promise<unknown>
  children: ReactNode
  kind?: 'primary' | 'danger' | 'quiet'
  title?: string
  active?: boolean
  /** toast text on success; none for quiet one-click changes whose result shows in the table */
  done?: string
  testId?: string
  disabled?: boolean
}) {
  const [busy, setBusy] = useState(false)
  const click = async () => {
    if (busy) return
    setBusy(true)
    try {
      await run()
      if (done) notify(done)
    } catch (err) {
      notify((err as Error).message, false)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className={`btn btn--${kind ?? 'plain'}${active ? ' is-on' : ''}`}
      onClick={click}
      aria-busy={busy || undefined}
      aria-pressed={active}
      title={title}
      data-testid={testId}
      disabled={disabled}
    >
      {busy ? <Spinner size={12} /> : null}
      {children}
    </button>
  )
}

export function Card({ title, aside, children, testId }: { title: ReactNode; aside?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="card" data-testid={testId}>
      <header className="card__head">
        <h2>{title}</h2>
        {aside ? <div className="card__aside">{aside}</div> : null}
      </header>
      {children}
    </section>
  )
}

export function Loading({ error, retry }: { error?: string | null; retry?: () => void }) {
  if (error)
    return (
      <div className="state state--bad">
        {error}
        {retry ? (
          <button type="button" className="btn btn--plain" onClick={retry}>
            Retry
          </button>
        ) : null}
      </div>
    )
  return (
    <div className="state">
      <Spinner size={18} /> Loading…
    </div>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="state">{children}</div>
}

/** A JSON text area that says at once whether its text parses as an object. */
export function JsonField({ value, onChange, rows = 6, testId }: { value: string; onChange: (v: string) => void; rows?: number; testId?: string }) {
  const problem = jsonProblem(value)
  return (
    <div className="json">
      <textarea className={`json__text${problem ? ' is-bad' : ''}`} value={value} rows={rows} spellCheck={false} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      <div className={`json__note${problem ? ' is-bad' : ''}`}>{problem ?? 'Valid JSON'}</div>
    </div>
  )
}

export function jsonProblem(text: string): string | null {
  try {
    const v = JSON.parse(text)
    return v && typeof v === 'object' && !Array.isArray(v) ? null : 'Must be a JSON object'
  } catch (err) {
    return (err as Error).message
  }
}

export const pretty = (v: unknown) => JSON.stringify(v, null, 2)

export function timeOf(t: number | string) {
  return new Date(t).toLocaleTimeString('en-GB', { hour12: false })
}
