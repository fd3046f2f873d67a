import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ApiError } from './api.ts'
import { createPager } from './pager.ts'

/** a fetch whose pages the test answers by hand, in any order */
function manual() {
  const calls: Array<{ page: number; resolve: (rows: number[]) => void; reject: (e: unknown) => void }> = []
  const fetch = (page: number) => new Promise<number[]>((resolve, reject) => calls.push({ page, resolve, reject }))
  return { calls, fetch }
}
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i)
const timeout = () => new ApiError({ kind: 'timeout', message: 'Network Connection Failure', path: '/list' })

test('NET-04 refresh loads page 1, more appends the next; a short page finishes the list', async () => {
  const m = manual()
  const p = createPager({ pageSize: 3, fetch: m.fetch })
  const r = p.refresh()
  assert.is(p.loading.value, true)
  m.calls[0].resolve(rows(1, 3))
  await r
  assert.equal(p.items.value, [1, 2, 3])
  assert.is(p.page.value, 1)
  const more = p.more()
  assert.is(m.calls[1].page, 2)
  m.calls[1].resolve(rows(4, 2))
  await more
  assert.equal(p.items.value, [1, 2, 3, 4, 5])
  assert.is(p.finished.value, true)
  await p.more()
  assert.is(m.calls.length, 2, 'a finished list asks for nothing more')
})

test('NET-04 a paging time-out puts the page number back and sets an error for retry', async () => {
  const m = manual()
  const p = createPager({ pageSize: 2, fetch: m.fetch })
  const r = p.refresh()
  m.calls[0].resolve([1, 2])
  await r
  const more = p.more()
  m.calls[1].reject(timeout())
  await more
  assert.is(p.page.value, 1, 'page 2 did not arrive: still on page 1')
  assert.equal(p.error.value, { kind: 'timeout', message: 'Network Connection Failure', during: 'more' })
  assert.equal(p.items.value, [1, 2], 'nothing shown is lost')
  assert.is(p.loading.value, false)
  const again = p.retry()
  assert.is(m.calls[2].page, 2, 'retry asks for the same page')
  m.calls[2].resolve([3, 4])
  await again
  assert.is(p.error.value, null)
  assert.equal(p.items.value, [1, 2, 3, 4])
  assert.is(p.page.value, 2)
})

test('NET-04 a timed-out first page stays at the minimum; retry reloads page 1', async () => {
  const m = manual()
  const p = createPager({ pageSize: 2, fetch: m.fetch })
  const r = p.refresh()
  m.calls[0].reject(timeout())
  await r
  assert.is(p.error.value?.kind, 'timeout')
  assert.is(p.error.value?.during, 'refresh')
  const again = p.more()
  assert.is(m.calls[1].page, 1, 'never below page 1')
  m.calls[1].resolve([1])
  await again
  assert.equal(p.items.value, [1])
})

test('NET-04 other failures are reported as failed, not timeout', async () => {
  const p = createPager({ pageSize: 2, fetch: async () => Promise.reject(new Error('Server Failure')) })
  await p.refresh()
  assert.equal(p.error.value, { kind: 'failed', message: 'Server Failure', during: 'refresh' })
})

test('NET-04 a second scroll while a page loads is ignored', async () => {
  const m = manual()
  const p = createPager({ pageSize: 2, fetch: m.fetch })
  const r = p.refresh()
  m.calls[0].resolve([1, 2])
  await r
  const a = p.more()
  const b = p.more()
  assert.is(m.calls.length, 2)
  m.calls[1].resolve([3, 4])
  await Promise.all([a, b])
  assert.equal(p.items.value, [1, 2, 3, 4])
})

test('NET-04 an answer that arrives after a refresh began is dropped', async () => {
  const m = manual()
  const p = createPager({ pageSize: 2, fetch: m.fetch })
  const r = p.refresh()
  m.calls[0].resolve([1, 2])
  await r
  const stale = p.more()
  const fresh = p.refresh()
  m.calls[2].resolve([10, 11])
  await fresh
  m.calls[1].resolve([3, 4])
  await stale
  assert.equal(p.items.value, [10, 11])
  assert.is(p.page.value, 1)
  assert.is(p.error.value, null)
  assert.is(p.loading.value, false)
})

test('NET-04 a bad page size is refused with a clear message', () => {
  assert.throws(() => createPager({ pageSize: 0, fetch: async () => [] }), /positive pageSize/)
})

test.run()
