import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startChild } from '../bench/child.ts'
import { checkLedger, createMover } from './ledger.ts'
import { startHarness } from './server.ts'
import { httpRequest } from './testing.ts'
import { journalOf, openStore } from './store.ts'
import type { LedgerEntry } from './types.ts'

const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'harness-store-'))
  const path = join(dir, 'state.json')
  writeFileSync(path, JSON.stringify({ users: [{ userId: 1, diamondNum: 100 }], ledger: [], ledgerOpening: [{ userId: 1, balance: 100 }] }))
  return { dir, path }
}
const fileState = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

test('HAR-06 the state file is not rewritten on every move: ledger rows are journaled at once, the whole file in batches', () => {
  const { dir, path } = fresh()
  const store = openStore(path, { flushMs: 60_000 })
  const move = createMover(store.db)
  const before = statSync(path).mtimeMs
  for (let i = 0; i < 50; i++) move(1, -1, 'gift')
  store.commit() // as an answer does before its first byte
  assert.is(statSync(path).mtimeMs, before, 'the file waits for the batch')
  assert.is(fileState(path).ledger.length, 0)
  const entries = readFileSync(journalOf(path), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
  assert.is(entries.flatMap((e) => e.rows).length, 50)
  store.flush()
  assert.is(fileState(path).ledger.length, 50)
  assert.is(fileState(path).users[0].diamondNum, 50)
  assert.is(readFileSync(journalOf(path), 'utf8'), '', 'the journal restarts once the file has every row')
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

test('HAR-06 a store opened after a kill replays the journal: balances and rows back, a torn last line ignored', () => {
  const { dir, path } = fresh()
  // the "killed" store never flushes: its batch timer outlives this test run
  const store = openStore(path, { flushMs: 24 * 3600_000 })
  const move = createMover(store.db)
  const rows: LedgerEntry[] = []
  for (let i = 0; i < 30; i++) {
    rows.push(move(1, i % 2 ? -3 : 2, 'call', { key: `k${i}` }))
    store.commit()
  }
  appendFileSync(journalOf(path), '{"seq": 31, "rows": [{"id": 31, "userId": 1, "del') // killed mid-append
  // no flush, no close: the process is gone; what it left on disk is opened as a new harness would
  const copy = join(dir, 'after-kill.json')
  writeFileSync(copy, readFileSync(path))
  writeFileSync(journalOf(copy), readFileSync(journalOf(path)))
  const again = openStore(copy)
  const state = again.db.getState()
  assert.equal(state.ledger.map((r: LedgerEntry) => r.id), rows.map((r) => r.id))
  assert.is(state.users[0].diamondNum, rows.at(-1)!.balanceAfter)
  assert.ok(checkLedger(state).ok, checkLedger(state).problems.join('; '))
  assert.is(fileState(copy).ledger.length, 30, 'the replayed state is written at once')
  again.close()
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

test('HAR-06 killed during a deduction storm, the harness restarts with every settled diamond and the invariant holds', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'harness-kill-'))
  const statePath = join(dir, 'state.json')
  const child = await startChild(statePath)
  const settled: LedgerEntry[] = []
  const post = (path: string, body: unknown) => httpRequest(child.url + '/__harness' + path, 'POST', JSON.stringify(body), { 'content-type': 'application/json' })
  try {
    assert.is((await post('/users/100002/balance', { diamondNum: 1_000_000 })).status, 200)
    let i = 0
    let stop = false
    const storm = async () => {
      while (!stop) {
        const n = i++
        const res = await post('/ledger/move', { userId: 100002, delta: -(1 + (n % 5)), reason: n % 2 ? 'gift' : 'call', key: `storm-${n}` }).catch(() => null)
        if (res?.status === 200) settled.push(JSON.parse(res.text))
      }
    }
    // eight requests in flight at any time, until enough have settled (bounded in time)
    const workers = Array.from({ length: 8 }, storm)
    const until = Date.now() + 30_000
    while (settled.length < 400 && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
    await child.kill()
    stop = true
    await Promise.all(workers)
  } finally {
    await child.kill()
  }
  assert.ok(settled.length >= 400, `only ${settled.length} deductions settled before the deadline`)
  const h = await startHarness({ port: 0, statePath, quiet: true, settings: { hostTickMs: 0 }, plugins: [] })
  try {
    const ledger = h.ctx.db.get('ledger').value() as LedgerEntry[]
    const byId = new Map(ledger.map((r) => [r.id, r]))
    const lost = settled.filter((s) => byId.get(s.id)?.balanceAfter !== s.balanceAfter || byId.get(s.id)?.key !== s.key)
    assert.is(lost.length, 0, `settled rows lost after the restart: ${lost.slice(0, 3).map((r) => r.id).join(', ')}`)
    const last = settled.reduce((a, b) => (b.id > a.id ? b : a))
    assert.ok(h.ctx.userById(100002)!.diamondNum <= last.balanceAfter, 'the balance is at or past the last settled row')
    const check = checkLedger(h.ctx.db.getState())
    assert.ok(check.ok, check.problems.slice(0, 3).join('; '))
  } finally {
    await h.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
