// The state file behind json-server's lowdb store, written so that a busy harness neither
// rewrites the whole file on every move nor loses a settled diamond when it is killed:
// - every new ledger row is appended at once to <state>.journal (one line each, small and cheap);
// - the whole state is written at most every `flushMs`, to a temporary file renamed over the old
//   one (a kill leaves the old file or the new one, never half of one), then the journal restarts;
// - on start, journal rows newer than the file are replayed (row appended, balance = balanceAfter).
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { clearTimeout, setTimeout } from 'node:timers'
import low from 'lowdb'
import type { LedgerEntry, UserRow } from './types.ts'

type State = Record<string, unknown> & { ledger?: LedgerEntry[]; users?: UserRow[] }

/** Write a file whole or not at all: a temporary file, then a rename over the target. */
export function writeAtomic(path: string, text: string) {
  const tmp = `${path}.tmp-${process.pid}`
  writeFileSync(tmp, text)
  renameSync(tmp, path)
}

export const journalOf = (statePath: string) => `${statePath}.journal`

/** Journal rows newer than the state's ledger, applied to the state (which is changed in place). */
function replayJournal(state: State, journalPath: string): number {
  if (!existsSync(journalPath)) return 0
  const ledger = (state.ledger ??= [])
  let last = ledger.reduce((max, r) => Math.max(max, r.id), 0)
  let replayed = 0
  for (const line of readFileSync(journalPath, 'utf8').split('\n')) {
    if (!line.trim()) continue
    let row: LedgerEntry
    try {
      row = JSON.parse(line)
    } catch {
      continue // the last line of a process killed mid-append
    }
    if (!(row.id > last)) continue
    ledger.push(row)
    last = row.id
    const user = state.users?.find((u) => u.userId === row.userId)
    if (user) user.diamondNum = row.balanceAfter
    replayed++
  }
  return replayed
}

export interface StoreOptions {
  /** the longest a change waits before the whole state is written; default 1000 ms */
  flushMs?: number
  /** after every change (the control page's live updates) */
  onWrite?: () => void
}

export interface Store {
  /** the lowdb v1 instance json-server's router is given */
  db: any
  /** write the whole state now (on close and reset) */
  flush(): void
  close(): void
}

export function openStore(statePath: string, opts: StoreOptions = {}): Store {
  const flushMs = opts.flushMs ?? 1000
  const journal = journalOf(statePath)
  let journaled = 0
  let lastId = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let state: State = {}

  const snapshot = () => {
    if (timer) clearTimeout(timer)
    timer = null
    writeAtomic(statePath, JSON.stringify(state))
    writeFileSync(journal, '') // every journaled row is in the file now
  }
  const adapter = {
    read(): State {
      state = JSON.parse(readFileSync(statePath, 'utf8'))
      replayJournal(state, journal)
      snapshot()
      journaled = state.ledger?.length ?? 0
      lastId = state.ledger?.at(-1)?.id ?? 0
      return state
    },
    write(next: State) {
      state = next
      const ledger = next.ledger ?? []
      const rewritten = ledger.length < journaled || (journaled > 0 && ledger[journaled - 1]?.id !== lastId)
      if (rewritten) {
        // a reset or an edit of old rows: the journal no longer describes the state
        journaled = ledger.length
        lastId = ledger.at(-1)?.id ?? 0
        snapshot()
      } else if (ledger.length > journaled) {
        appendFileSync(journal, ledger.slice(journaled).map((r) => JSON.stringify(r) + '\n').join(''))
        journaled = ledger.length
        lastId = ledger.at(-1)!.id
      }
      if (!timer) {
        // Node's own timer (a test's DOM globals may replace the global one); a failed write is
        // logged, not thrown out of a timer, and the journal still holds every row
        timer = setTimeout(() => {
          try {
            snapshot()
          } catch (err) {
            console.error('[harness] the state file could not be written', err)
          }
        }, flushMs)
        timer.unref?.()
      }
      opts.onWrite?.()
    },
  }
  const db = low(adapter)
  return {
    db,
    flush: snapshot,
    close() {
      if (timer) snapshot()
    },
  }
}
