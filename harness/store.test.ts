import { spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startChild } from '../bench/child.ts'
import { checkLedger, createMover } from './ledger.ts'
import { startHarness } from './server.ts'
import { httpRequest } from './testing.ts'
import { journalOf, lockOf, openStore, StateFileError } from './store.ts'
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

/** start a harness process on `statePath` and see it refuse: its exit code and what it said (bounded) */
function startRefused(statePath: string): Promise<{ code: number | null; out: string }> {
  const script = new URL('../bench/harness-child.ts', import.meta.url).pathname
  const proc = spawn(process.execPath, ['--import', 'tsx', script, statePath], { cwd: new URL('..', import.meta.url).pathname })
  let out = ''
  proc.stdout.on('data', (d) => (out += d))
  proc.stderr.on('data', (d) => (out += d))
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000)
    proc.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, out })
    })
    proc.stdout.on('data', () => out.includes('"url"') && proc.kill('SIGKILL')) // it started: the test fails below
  })
}

test('HAR-01 a second store on a file this process holds is refused, naming the file; after close it opens', () => {
  const { dir, path } = fresh()
  const first = openStore(path)
  assert.throws(() => openStore(path), (err: Error) => err instanceof StateFileError && err.message.includes(path) && err.message.includes('another harness'))
  first.close()
  assert.not.ok(existsSync(lockOf(path)), 'the lock goes with the store')
  openStore(path).close()
  rmSync(dir, { recursive: true, force: true })
})

test('HAR-01 a stale lock (its process gone) is taken over', async () => {
  const { dir, path } = fresh()
  const gone = spawn(process.execPath, ['-e', '0'])
  await new Promise((r) => gone.once('exit', r))
  writeFileSync(lockOf(path), `${gone.pid}\n`)
  const store = openStore(path)
  assert.is(readFileSync(lockOf(path), 'utf8').trim(), String(process.pid))
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

test('HAR-01 a second harness process on the same state file refuses to start, naming the file; the first keeps its moves', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'harness-lock-'))
  const statePath = join(dir, 'state.json')
  const child = await startChild(statePath)
  try {
    const second = await startRefused(statePath)
    assert.is(second.code, 1, second.out)
    assert.match(second.out, `another harness (pid ${child.pid}) is using the state file ${statePath}`)
    assert.not.match(second.out, /\n\s+at /, 'no stack trace')
    const moved = await httpRequest(child.url + '/__harness/ledger/move', 'POST', JSON.stringify({ userId: 100001, delta: 5, reason: 'harness.adjust' }), { 'content-type': 'application/json' })
    assert.is(moved.status, 200, 'the first harness still answers')
  } finally {
    await child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
})

for (const [what, text] of [
  ['not JSON', '{ "users": [ {"userId": 1'],
  ['of the wrong shape', JSON.stringify({ users: { 1: { diamondNum: 5 } }, ledger: [] })],
  ['with a ledger row that is no row', JSON.stringify({ users: [], ledger: [{ id: 1, userId: 1, delta: 'x' }] })],
] as const) {
  test(`HAR-01 a state file ${what} is never replaced: the harness refuses to start, naming the file and how to reset it`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-broken-'))
    const statePath = join(dir, 'state.json')
    writeFileSync(statePath, text)
    try {
      const { code, out } = await startRefused(statePath)
      assert.is(code, 1, out)
      assert.match(out, `the state file ${statePath}`)
      assert.match(out, `mv ${statePath} ${statePath}.old`)
      assert.not.match(out, /\n\s+at /, 'no stack trace')
      assert.is(readFileSync(statePath, 'utf8'), text, 'the file is left as it was')
      assert.not.ok(existsSync(lockOf(statePath)), 'no lock left behind')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
}

test('HAR-01 a journal broken before its last line refuses the start; a torn last line does not', () => {
  const { dir, path } = fresh()
  writeFileSync(journalOf(path), '{"seq": 1, "rows": [], "set": {}}\n{"seq": 2, "ro\n{"seq": 3, "rows": [], "set": {}}\n')
  assert.throws(() => openStore(path), (err: Error) => err instanceof StateFileError && err.message.includes('line 2'))
  writeFileSync(journalOf(path), '{"seq": 1, "rows": [], "set": {"extra": [1]}}\n{"seq": 2, "ro')
  const store = openStore(path)
  assert.equal(store.db.getState().extra, [1])
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

test('HAR-06 one commit is one journal line: a state change and the move it pays for are replayed together or not at all', () => {
  const { dir, path } = fresh()
  const store = openStore(path, { flushMs: 24 * 3600_000 })
  const move = createMover(store.db)
  store.db.set('codes', [{ code: 'A', usedBy: null }]).write()
  store.commit()
  store.db.get('codes').find({ code: 'A' }).assign({ usedBy: 1 }).write()
  move(1, 50, 'code', { key: 'code:A' })
  store.commit()
  const lines = readFileSync(journalOf(path), 'utf8').trim().split('\n')
  assert.is(lines.length, 2)
  const entry = JSON.parse(lines[1])
  assert.equal([entry.rows.length, entry.set.codes], [1, [{ code: 'A', usedBy: 1 }]])
  for (const [kept, expect] of [[lines.length, { usedBy: 1, balance: 150 }], [1, { usedBy: null, balance: 100 }]] as const) {
    const copy = join(dir, `copy-${kept}.json`)
    writeFileSync(copy, readFileSync(path))
    writeFileSync(journalOf(copy), lines.slice(0, kept).join('\n') + '\n')
    const again = openStore(copy)
    const state = again.db.getState()
    assert.equal({ usedBy: state.codes[0].usedBy, balance: state.users[0].diamondNum }, expect)
    assert.ok(checkLedger(state).ok)
    again.close()
  }
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

test.run()
