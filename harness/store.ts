// The state file behind json-server's lowdb store. A money move and the state it pays for are
// committed together, before the answer leaves, and a busy harness still never rewrites the whole
// file per move:
// - every db.write() adds to one pending journal entry: the new ledger rows, plus the whole value of
//   each other collection reached through db.get/set/update/unset since the last commit. The entry
//   is appended to <state>.journal as one line (one write) before any answer or push goes out
//   (`commit()`), or at the end of the current turn, whichever comes first. So a code marked used
//   and the diamonds it paid, a box count and its prize row, an order and its credit, land in the
//   same line or not at all.
// - the whole state is written at most every `flushMs`, to a temporary file renamed over the old one
//   (a kill leaves the old file or the new one, never half of one), carrying the number of the last
//   journal entry it holds; then the journal restarts.
// - on start, journal entries newer than the file are replayed in order; a torn last line (a kill
//   mid-append) is ignored, a broken line before it refuses the start.
// Why not a synchronous whole-file write per move: the seeded state alone takes ~4.5 ms to
// stringify (and grows with the ledger), so 200 moves a second would spend the whole event loop on
// it. A move's entry is its rows plus the collections the request touched, usually a few KB.
// The file is also locked (<state>.lock, the owner's pid): a second harness on it refuses to start.
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { dirname } from 'node:path'
import { clearTimeout, setTimeout } from 'node:timers'
import low from 'lowdb'
import type { LedgerEntry, UserRow } from './types.ts'

type State = Record<string, unknown> & { ledger?: LedgerEntry[]; users?: UserRow[] }

const MAX_JOURNAL_BYTES = 8 << 20
const MAX_WAIT_MS = 30_000

/** the key in the file (never in the live state) saying which journal entries the file holds */
const FILE_META = '__journal'

/** A state file the harness will not start on; the message says what to do. */
export class StateFileError extends Error {
  override name = 'StateFileError'
}

/** Write a file whole or not at all: a temporary file, then a rename over the target. */
function writeAtomic(path: string, text: string) {
  const tmp = `${path}.tmp-${process.pid}`
  writeFileSync(tmp, text)
  renameSync(tmp, path)
}

export const journalOf = (statePath: string) => `${statePath}.journal`
export const lockOf = (statePath: string) => `${statePath}.lock`

const howToReset = (path: string) =>
  `It was left as it is. To start afresh from the fixtures, move it away (mv ${path} ${path}.old) or delete it with its journal (rm -f ${path} ${journalOf(path)}), or start with HARNESS_STATE=<another file>.`

// ---- the lock ----

const heldHere = new Set<string>()

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // a pid reused by something that is not node is not a harness
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node')
  } catch {
    return true
  }
}

/** Take <state>.lock for this process, or refuse naming the file and the owner; a stale lock (its
 *  process gone) is taken over. Returns the release. */
function lockStateFile(statePath: string): () => void {
  const lock = lockOf(statePath)
  const refuse = (pid: number | string) =>
    new StateFileError(
      `another harness (pid ${pid}) is using the state file ${statePath} (lock ${lock}); two harnesses on one file lose each other's moves. ` +
        `Stop that one first, or start this one with HARNESS_STATE=<another file>. If no harness is running, delete ${lock}.`,
    )
  if (heldHere.has(lock)) throw refuse(`${process.pid}, this process`)
  mkdirSync(dirname(statePath), { recursive: true })
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lock, 'wx')
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err
      let owner = NaN
      try {
        owner = Number.parseInt(readFileSync(lock, 'utf8'), 10)
      } catch {}
      if (owner !== process.pid && processAlive(owner)) throw refuse(owner)
      unlinkSync(lock) // stale: its process is gone
    }
  }
  heldHere.add(lock)
  const release = () => {
    if (!heldHere.delete(lock)) return
    process.off('exit', release)
    try {
      if (Number.parseInt(readFileSync(lock, 'utf8'), 10) === process.pid) unlinkSync(lock)
    } catch {}
  }
  process.on('exit', release)
  return release
}

// ---- reading and checking the file ----

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v)

/** What is wrong with the shape of a state (null when nothing): the core collections' rows, and
 *  each collection the seed has is of the seed's kind (a list stays a list). */
function shapeProblem(state: unknown, seed?: Record<string, unknown>): string | null {
  if (!isObject(state)) return 'it is not a JSON object'
  for (const name of ['users', 'ledger', 'ledgerOpening', 'follows']) {
    if (name in state && !Array.isArray(state[name])) return `"${name}" is not a list`
  }
  const users = (state.users ?? []) as unknown[]
  const badUser = users.findIndex((u) => !isObject(u) || !isNum(u.userId) || ('diamondNum' in u && u.diamondNum != null && !isNum(u.diamondNum)))
  if (badUser >= 0) return `users[${badUser}] has no numeric userId or a diamondNum that is not a number`
  const rows = (state.ledger ?? []) as unknown[]
  const badRow = rows.findIndex((r) => !isObject(r) || !['id', 'userId', 'delta', 'balanceAfter'].every((f) => isNum(r[f])))
  if (badRow >= 0) return `ledger[${badRow}] lacks a numeric id, userId, delta or balanceAfter`
  for (const [name, value] of Object.entries(seed ?? {})) {
    if (!(name in state) || value == null) continue
    if (Array.isArray(value) !== Array.isArray(state[name]) || typeof value !== typeof state[name]) return `"${name}" is not a ${Array.isArray(value) ? 'list' : typeof value}`
  }
  return null
}

function readStateFile(statePath: string, seed?: Record<string, unknown>): State {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(statePath, 'utf8'))
  } catch (err) {
    throw new StateFileError(`the state file ${statePath} is not valid JSON (${(err as Error).message}). ${howToReset(statePath)}`)
  }
  const problem = shapeProblem(parsed, seed)
  if (problem) throw new StateFileError(`the state file ${statePath} is not a harness state: ${problem}. ${howToReset(statePath)}`)
  return parsed as State
}

// ---- the journal ----

/** One journal line: the ledger rows and the collections (whole) one commit changed. Lines of
 *  earlier versions were a bare ledger row each; they are still read. */
interface Entry {
  seq: number
  rows: LedgerEntry[]
  set: Record<string, unknown>
  /** the whole row of each user the rows moved (what a move paid for often sits on it: boxes, VIP) */
  users?: UserRow[]
}

function applyRows(state: State, rows: LedgerEntry[]) {
  const ledger = (state.ledger ??= [])
  let last = ledger.at(-1)?.id ?? 0
  for (const row of rows) {
    if (!(row.id > last)) continue
    ledger.push(row)
    last = row.id
    const user = state.users?.find((u) => u.userId === row.userId)
    if (user) user.diamondNum = row.balanceAfter
  }
}

/** Entries newer than the file, applied to the state in place; returns the last seq seen. */
function replayJournal(state: State, statePath: string, fileSeq: number): number {
  const journalPath = journalOf(statePath)
  if (!existsSync(journalPath)) return fileSeq
  const lines = readFileSync(journalPath, 'utf8').split('\n')
  while (lines.length && !lines.at(-1)!.trim()) lines.pop()
  let seq = fileSeq
  lines.forEach((line, i) => {
    let entry: Partial<Entry> & Partial<LedgerEntry>
    try {
      entry = JSON.parse(line)
    } catch {
      if (i === lines.length - 1) return // the last line of a process killed mid-append
      throw new StateFileError(`the journal ${journalPath} is broken at line ${i + 1} (not the last line, so not a torn write). ${howToReset(statePath)}`)
    }
    if (typeof entry.seq !== 'number') return applyRows(state, [entry as LedgerEntry]) // an older bare row
    if (entry.seq <= seq) return // already in the file
    seq = entry.seq
    Object.assign(state, entry.set ?? {})
    for (const user of entry.users ?? []) {
      const users = (state.users ??= [])
      const at = users.findIndex((u) => u.userId === user.userId)
      if (at >= 0) users[at] = user
      else users.push(user)
    }
    applyRows(state, entry.rows ?? [])
  })
  return seq
}

/** the top-level collection a lodash path names */
const collectionOf = (path: unknown) => (Array.isArray(path) ? String(path[0]) : String(path).split(/[.[]/)[0])

export interface StoreOptions {
  /** the longest a change waits before the whole state is written; default 1000 ms */
  flushMs?: number
  /** after every change (the control page's live updates) */
  onWrite?: () => void
  /** the state of a fresh harness: written when there is no file; collections it has and the file
   *  lacks (a plugin added since) join in; also the shape the file is checked against */
  seed?: () => Record<string, unknown>
}

export interface Store {
  /** the lowdb v1 instance json-server's router is given */
  db: any
  /** append what changed since the last commit to the journal, now (before an answer or a push) */
  commit(): void
  /** a middleware: every answer's first byte waits for commit() */
  commitBeforeAnswer(req: unknown, res: ServerResponse, next: () => void): void
  /** write the whole state now (on close and reset) */
  flush(): void
  close(): void
}

/** Open (or seed) the state file, locked for this process; refuses with a StateFileError naming
 *  the file when another harness holds it or it is broken or of the wrong shape. */
export function openStore(statePath: string, opts: StoreOptions = {}): Store {
  const release = lockStateFile(statePath)
  try {
    return openLocked(statePath, opts, release)
  } catch (err) {
    release()
    throw err
  }
}

function openLocked(statePath: string, opts: StoreOptions, release: () => void): Store {
  const flushMs = opts.flushMs ?? 1000
  const journal = journalOf(statePath)
  const seed = opts.seed?.()
  let state: State = {}
  let seq = 0
  // what the journal already holds
  let journaled = 0
  let lastId = 0
  // what the next entry will hold
  const touched = new Set<string>()
  let pending = false
  let scheduled = false
  let timer: ReturnType<typeof setTimeout> | null = null

  // the whole-file write costs more as the ledger grows: it waits at least 50 times its last
  // duration, so it never takes more than ~2 % of the event loop (the journal holds the rest)
  let snapshotMs = 0
  let snapshotAt = 0
  let lastWriteAt = 0
  let journalBytes = 0
  const snapshot = () => {
    if (timer) clearTimeout(timer)
    timer = null
    pending = false
    touched.clear()
    const t0 = performance.now()
    writeAtomic(statePath, JSON.stringify({ ...state, [FILE_META]: { seq } }))
    snapshotAt = performance.now()
    snapshotMs = snapshotAt - t0
    journalBytes = 0
    writeFileSync(journal, '') // every entry is in the file now
    journaled = state.ledger?.length ?? 0
    lastId = state.ledger?.at(-1)?.id ?? 0
  }
  const commit = () => {
    if (!pending) return
    pending = false
    const ledger = state.ledger ?? []
    const set: Record<string, unknown> = {}
    for (const name of touched) if (name !== 'ledger' && name in state) set[name] = state[name]
    touched.clear()
    const entry: Entry = { seq: seq + 1, rows: ledger.slice(journaled), set }
    if (!('users' in set) && entry.rows.length) {
      const moved = new Set(entry.rows.map((r) => r.userId))
      entry.users = (state.users ?? []).filter((u) => moved.has(u.userId))
    }
    if (!entry.rows.length && !Object.keys(set).length) return
    const line = JSON.stringify(entry) + '\n'
    appendFileSync(journal, line)
    journalBytes += line.length
    seq = entry.seq
    journaled = ledger.length
    lastId = ledger.at(-1)?.id ?? 0
  }
  // Under steady load the whole-file write waits for a pause in the writes (it blocks the event loop
  // for as long as the state takes to stringify), but never past MAX_JOURNAL_BYTES of journal or
  // MAX_WAIT_MS since the last one, so a restart never replays much.
  const scheduleSnapshot = () => {
    if (timer) return
    // Node's own timer (a test's DOM globals may replace the global one); a failed write is
    // logged, not thrown out of a timer, and the journal still holds every entry
    timer = setTimeout(() => {
      timer = null
      const busy = performance.now() - lastWriteAt < flushMs / 2
      if (busy && journalBytes < MAX_JOURNAL_BYTES && performance.now() - snapshotAt < MAX_WAIT_MS) return scheduleSnapshot()
      try {
        commit()
        snapshot()
      } catch (err) {
        console.error('[harness] the state file could not be written', err)
      }
    }, Math.max(flushMs, snapshotMs * 50))
    timer.unref?.()
  }

  const adapter = {
    read(): State {
      if (existsSync(statePath)) {
        const file = readStateFile(statePath, seed)
        const meta = file[FILE_META] as { seq?: number } | undefined
        delete file[FILE_META]
        // collections added by plugins since the file was made join in; existing ones stay as they are
        state = seed ? { ...seed, ...file } : file
        seq = replayJournal(state, statePath, Number(meta?.seq) || 0)
      } else if (seed) {
        state = seed
        if (existsSync(journal)) renameSync(journal, `${journal}.orphan-${Date.now()}`) // no file to replay it on
      } else {
        throw new StateFileError(`the state file ${statePath} does not exist`)
      }
      snapshot()
      return state
    },
    write(next: State) {
      const ledger = next.ledger ?? []
      const rewritten = next !== state || ledger.length < journaled || (journaled > 0 && ledger[journaled - 1]?.id !== lastId)
      state = next
      if (rewritten) {
        // a reset or an edit of old rows: the journal no longer describes the state
        snapshot()
      } else {
        lastWriteAt = performance.now()
        pending = true
        if (!scheduled) {
          scheduled = true
          queueMicrotask(() => {
            scheduled = false
            commit()
          })
        }
        scheduleSnapshot()
      }
      opts.onWrite?.()
    },
  }
  const db = low(adapter)
  // note every collection a change may go through, for the next journal entry
  for (const method of ['get', 'set', 'update', 'unset'] as const) {
    const original = db[method]
    db[method] = function (this: unknown, path: unknown, ...rest: unknown[]) {
      touched.add(collectionOf(path))
      return original.call(this, path, ...rest)
    }
  }
  return {
    db,
    commit,
    commitBeforeAnswer(_req, res, next) {
      for (const method of ['writeHead', 'write', 'end'] as const) {
        const original = res[method] as (...a: unknown[]) => unknown
        ;(res as any)[method] = function (this: ServerResponse, ...args: unknown[]) {
          commit()
          return original.apply(this, args)
        }
      }
      next()
    },
    flush() {
      commit()
      snapshot()
    },
    close() {
      commit()
      if (timer) snapshot()
      release()
    },
  }
}
