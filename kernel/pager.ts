// Paged lists (host wall, live list, records) with pull-to-refresh and scroll paging (NET-04).
//
// The page number only moves forward when a page arrived: a time-out puts it back (never below
// 1) and sets `error`, so the list shows a retry and the next scroll asks for the same page.
// A second scroll while a page loads is ignored, and an answer that arrives after a refresh
// began belongs to a list that no longer shows, so it is dropped.
import { signal, type ReadonlySignal } from '@preact/signals-react'
import { ApiError } from './api.ts'

interface PagerError {
  /** 'timeout' for a time-out, 'failed' for anything else (the api client already toasted it) */
  kind: 'timeout' | 'failed'
  message: string
  /** which load failed, so retry() does the same again */
  during: 'refresh' | 'more'
}

export interface Pager<T> {
  items: ReadonlySignal<T[]>
  loading: ReadonlySignal<boolean>
  /** the last page was shorter than pageSize: nothing more to load */
  finished: ReadonlySignal<boolean>
  error: ReadonlySignal<PagerError | null>
  /** the last page number that arrived (0 before the first) */
  page: ReadonlySignal<number>
  /** page 1, replacing the items */
  refresh(): Promise<void>
  /** the next page, appended; ignored while loading or finished */
  more(): Promise<void>
  /** repeat what failed last */
  retry(): Promise<void>
}

export function createPager<T>(opts: { pageSize: number; fetch: (page: number) => Promise<T[]> }): Pager<T> {
  if (!(opts.pageSize > 0)) throw new Error(`createPager needs a positive pageSize, got ${opts.pageSize}`)
  const items = signal<T[]>([])
  const loading = signal(false)
  const finished = signal(false)
  const error = signal<PagerError | null>(null)
  const page = signal(0)
  // every load takes a ticket; an answer whose ticket is no longer the latest is stale
  let ticket = 0

  const load = async (target: number, during: PagerError['during']) => {
    const mine = ++ticket
    loading.value = true
    error.value = null
    try {
      const rows = await opts.fetch(target)
      if (mine !== ticket) return
      const list = Array.isArray(rows) ? rows : []
      items.value = during === 'refresh' ? list : [...items.peek(), ...list]
      page.value = target
      finished.value = list.length < opts.pageSize
    } catch (err) {
      if (mine !== ticket) return
      const timeout = err instanceof ApiError && err.kind === 'timeout'
      // d1 §7 "a timed-out page goes back, minimum 1": `page` is only committed when a page
      // arrives, so after a failure it still names the last page shown (target - 1, at least 1
      // once anything showed) and the next more() asks for the failed page again
      error.value = {
        kind: timeout ? 'timeout' : 'failed',
        message: err instanceof Error ? err.message : String(err),
        during,
      }
    } finally {
      if (mine === ticket) loading.value = false
    }
  }

  return {
    items,
    loading,
    finished,
    error,
    page,
    refresh: () => load(1, 'refresh'),
    more() {
      if (loading.peek() || finished.peek()) return Promise.resolve()
      // before anything arrived there is no "next": the first page is a refresh
      if (page.peek() < 1) return load(1, 'refresh')
      return load(page.peek() + 1, 'more')
    },
    retry() {
      const e = error.peek()
      if (!e || loading.peek()) return Promise.resolve()
      return e.during === 'refresh' || page.peek() < 1 ? load(1, 'refresh') : load(page.peek() + 1, 'more')
    },
  }
}
