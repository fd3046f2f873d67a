// The page's data: the control API over fetch, and the harness event stream (server-sent events)
// that tells each panel when to fetch again.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ControlInfo } from '../types.ts'
import type { Stamped } from '../events.ts'

export type Json = any
export type Entry = ControlInfo & { name: string; plugin: string }

export async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
  const res = await fetch('/__harness' + path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let value: Json = null
  try {
    value = text ? JSON.parse(text) : null
  } catch {
    throw new Error(`${method} ${path}: HTTP ${res.status}, not JSON`)
  }
  if (!res.ok) throw new Error(value?.error ?? `${method} ${path}: HTTP ${res.status}`)
  return value
}

type Listener = (e: Stamped) => void
const listeners = new Set<Listener>()
let source: EventSource | null = null
const connection = { ok: false, everOpen: false, listeners: new Set<(ok: boolean) => void>() }

function follow() {
  if (source) return
  source = new EventSource('/__harness/events')
  source.onopen = () => setConnected(true)
  source.onerror = () => setConnected(false) // EventSource retries by itself
  source.onmessage = (m) => {
    let e: Stamped
    try {
      e = JSON.parse(m.data)
    } catch {
      return
    }
    for (const l of listeners) l(e)
  }
}
function setConnected(ok: boolean) {
  connection.ok = ok
  connection.everOpen ||= ok
  connection.listeners.forEach((l) => l(ok))
}

export function useEvents(listener: Listener) {
  const ref = useRef(listener)
  ref.current = listener
  useEffect(() => {
    follow()
    const l: Listener = (e) => ref.current(e)
    listeners.add(l)
    return () => void listeners.delete(l)
  }, [])
}

export function useConnected() {
  const [ok, setOk] = useState(connection.ok)
  useEffect(() => {
    follow()
    connection.listeners.add(setOk)
    return () => void connection.listeners.delete(setOk)
  }, [])
  return ok
}

export interface Live<T> {
  data: T | undefined
  error: string | null
  loading: boolean
  reload: () => void
}

/** GET path now, and again whenever an event of these kinds arrives (and when the stream reconnects). */
export function useLive<T = Json>(path: string | null, kinds: Array<Stamped['kind']> = ['state']): Live<T> {
  const [data, setData] = useState<T>()
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const seq = useRef(0)
  const reload = useCallback(() => {
    if (!path) return
    const mine = ++seq.current
    call('GET', path).then(
      (v) => mine === seq.current && (setData(v), setError(null), setLoading(false)),
      (err) => mine === seq.current && (setError(err.message), setLoading(false)),
    )
  }, [path])
  useEffect(reload, [reload])
  useEvents((e) => kinds.includes(e.kind) && reload())
  // after a lost stream, fetch again (events may have been missed); not on the first connect
  const ok = useConnected()
  const lost = useRef(false)
  useEffect(() => {
    if (!ok) return void (lost.current = lost.current || connection.everOpen)
    if (lost.current) reload()
    lost.current = false
  }, [ok, reload])
  return { data, error, loading, reload }
}

/** Replace "$field" strings in a body template with the row's fields. */
export function fill(body: Record<string, unknown>, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(body)) out[k] = typeof v === 'string' && v.startsWith('$') ? row[v.slice(1)] : v
  return out
}

/** The value at a dotted path ("behaviours.200001.answer"). */
export function at(value: Json, path: string): Json {
  return path.split('.').reduce((v, k) => (v == null ? v : v[k]), value)
}
