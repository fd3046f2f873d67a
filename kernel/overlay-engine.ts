// The overlay engine behind kernel.overlays (overlays.tsx): what is open, the popup queue
// (SHELL-17) and the toasts. Like Jitsi's overlay list, what renders is derived, not pushed around:
// `entries` holds what is open, and `stack` is the part whose `when` holds now, ordered by tier.
//
// One queued popup shows at a time, the lowest priority number first among those whose `when`
// holds for the current route and scene. A popup whose condition does not hold waits without
// blocking the others, and one that loses its condition while showing goes back to waiting.
//
// Nothing shows over a guest's first screen, so this loads after it (or with the first overlay).
import { computed, effect, signal, untracked } from '@preact/signals-react'
import { Tier, type OverlayContext, type OverlayDef } from './types.ts'
import { CONFIRM_DIALOG, DEFAULT_TOAST_MS, type OpenOverlay, type Overlays, type OverlaysOptions, type ToastItem } from './overlays.tsx'

export type OverlayEngine = Omit<Overlays, 'stale' | 'load'> & { dispose(): void; define(defs: readonly OverlayDef[]): void }

const UNQUEUED = Number.POSITIVE_INFINITY

interface Entry extends OpenOverlay {
  def: OverlayDef
  queued: boolean
  /** enqueue order, so equal priorities keep first-come order */
  seq: number
  resolve: (result: unknown) => void
}

interface Waiting {
  id: string
  props: unknown
  seq: number
}

export function createOverlayEngine(opts: OverlaysOptions): OverlayEngine {
  const defs = new Map<string, OverlayDef>()
  const define = (list: readonly OverlayDef[]) => {
    for (const d of list) {
      if (defs.has(d.id)) throw new Error(`overlay "${d.id}" is defined twice`)
      defs.set(d.id, d)
    }
  }
  define(opts.defs)
  /** run fn now, or once the plugin defining id has arrived */
  const whenDefined = <T,>(id: string, fn: () => T): T | Promise<T> => {
    const more = defs.has(id) ? null : opts.missing?.()
    return more ? more.then(fn) : fn()
  }
  const need = (id: string) => {
    const d = defs.get(id)
    if (!d) throw new Error(`no overlay "${id}": no plugin of this build defines it`)
    return d
  }
  const holds = (d: OverlayDef, ctx: OverlayContext) => {
    try {
      return !d.when || d.when(ctx)
    } catch (err) {
      console.error(`[app] overlay "${d.id}" when() failed`, err)
      return false
    }
  }

  let nextKey = 0
  let nextSeq = 0
  const entries = signal<Entry[]>([])
  let waiting: Waiting[] = []

  const stack = computed<OpenOverlay[]>(() => {
    const ctx = opts.context.value
    return entries.value
      .filter((e) => holds(e.def, ctx))
      .sort((a, b) => Tier[a.def.tier] - Tier[b.def.tier] || a.key - b.key)
      .map(({ key, id, props }) => ({ key, id, props }))
  })

  const add = (def: OverlayDef, props: unknown, queued: boolean, seq: number) =>
    new Promise<unknown>((resolve) => {
      entries.value = [...entries.peek(), { key: ++nextKey, id: def.id, props, def, queued, seq, resolve }]
    })

  const priority = (id: string) => defs.get(id)?.priority ?? UNQUEUED

  // SHELL-17 at launch: the first queued popup waits for the others arriving with it, so the order is
  // the priority's, not the arrival's; and only `max` show in a visit
  let gathering: 'idle' | 'waiting' | 'done' = opts.launch ? 'idle' : 'done'
  let gatherTimer: ReturnType<typeof setTimeout> | undefined
  let shownQueued = 0
  const gathered = () => {
    if (gathering === 'done') return true
    if (gathering === 'idle') {
      gathering = 'waiting'
      gatherTimer = setTimeout(() => {
        gathering = 'done'
        pump()
      }, opts.launch!.gatherMs)
    }
    return false
  }

  /** Show the next queued popup if none shows; send the showing one back if its condition went. */
  const pump = () => {
    const ctx = opts.context.peek()
    const active = entries.peek().find((e) => e.queued)
    if (active) {
      if (holds(active.def, ctx)) return
      entries.value = entries.peek().filter((e) => e !== active)
      waiting.push({ id: active.id, props: active.props, seq: active.seq })
    }
    const next = waiting
      .filter((w) => holds(need(w.id), ctx))
      .sort((a, b) => priority(a.id) - priority(b.id) || a.seq - b.seq)[0]
    if (!next || !gathered()) return
    // a popup sent back to wait (its condition went) does not count twice
    if (opts.launch && !active && shownQueued >= opts.launch.max) return
    if (!active) shownQueued++
    waiting = waiting.filter((w) => w !== next)
    void add(need(next.id), next.props, true, next.seq)
  }

  const closeKey = (key: number, result?: unknown) => {
    const entry = entries.peek().find((e) => e.key === key)
    if (!entry) return
    entries.value = entries.peek().filter((e) => e !== entry)
    entry.resolve(result)
    if (entry.queued) pump()
  }

  // route or scene changed: conditions may now hold, or no longer. A new page is a new visit: the
  // popups held back by the cap may show on it (the wall again, later)
  let visited = ''
  const stopWatching = effect(() => {
    const { path } = opts.context.value
    untracked(() => {
      if (path !== visited && visited && !entries.peek().some((e) => e.queued)) shownQueued = 0
      visited = path
      pump()
    })
  })

  const toasts = signal<ToastItem[]>([])
  let toastKey = 0

  return {
    stack,
    toasts,
    define,
    def: (id) => defs.get(id),
    closeKey,
    open<R>(id: string, props?: unknown) {
      try {
        return Promise.resolve(whenDefined(id, () => add(need(id), props, false, 0))) as Promise<R | undefined>
      } catch (err) {
        return Promise.reject(err)
      }
    },
    enqueue(id, props) {
      const park = () => {
        need(id) // fail naming the id, rather than when the popup's turn comes
        waiting.push({ id, props, seq: ++nextSeq })
        pump()
      }
      const later = whenDefined(id, park)
      if (later instanceof Promise) later.catch((err) => console.error(`[app] popup "${id}" could not be queued`, err))
    },
    close(id) {
      waiting = waiting.filter((w) => w.id !== id)
      for (const e of entries.peek()) if (e.id === id) closeKey(e.key)
    },
    isOpen: (id) => entries.peek().some((e) => e.id === id),
    toast(text, o = {}) {
      const item: ToastItem = { key: ++toastKey, text, type: o.type ?? 'info', position: o.position ?? 'top' }
      // one toast per position: a newer message replaces the older, as on the phone
      toasts.value = [...toasts.peek().filter((t) => t.position !== item.position), item]
      setTimeout(() => {
        toasts.value = toasts.peek().filter((t) => t !== item)
      }, o.duration ?? DEFAULT_TOAST_MS)
    },
    confirm(o) {
      return this.open<boolean>(CONFIRM_DIALOG, o).then((r) => r === true)
    },
    dispose() {
      stopWatching()
      clearTimeout(gatherTimer)
      waiting = []
      for (const e of entries.peek()) e.resolve(undefined)
      entries.value = []
    },
  }
}
