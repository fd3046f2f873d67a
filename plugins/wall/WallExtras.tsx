// What the wall does besides showing hosts, loaded after the first screen (WallPage): pull to
// refresh, the offline banner and loading again when back online, starting the lists again after
// a login or logout, the scene marks other plugins read, the level a level-locked tab asks for,
// and the statuses of the hosts on screen (NET-09).
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel } from '../../kernel/hooks.ts'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { Sprite } from '../../kernel/ui/sprite.tsx'
import type { TabList, WallState, WallTag } from './state.ts'

/** how far (px) the list must be pulled down to refresh */
const PULL_TRIGGER = 64

export interface WallExtrasProps {
  /** the page, where the pull gesture is followed */
  main: RefObject<HTMLElement | null>
  state: WallState
  list: TabList | null
  active: WallTag | undefined
  /** a locked tab, or Follow for a guest: a panel, nothing to load */
  closed: boolean
  online: boolean
  /** logged in when the page opened */
  loggedInAtStart: boolean
  t: (key: string, params?: Record<string, unknown>) => string
}

export default function WallExtras({ main, state, list, active, closed, online, loggedInAtStart, t }: WallExtrasProps) {
  useSignals()
  const kernel = useKernel()
  const loggedIn = kernel.session.loggedIn.value

  // a new login (or logout) changes Follow, Like You and the locks: start those lists again
  const lastLogin = useRef(loggedInAtStart)
  useEffect(() => {
    if (lastLogin.current === loggedIn) return
    lastLogin.current = loggedIn
    state.dropLists()
  }, [loggedIn])

  // scene marks for other plugins' rules (robot invitations are ignored on the All and Live tabs);
  // cleared when the page goes
  const kind = active?.kind
  useEffect(() => {
    const mark = (wallAll: boolean, wallLive: boolean) => {
      kernel.scene.value = { ...kernel.scene.peek(), wallAll, wallLive }
    }
    mark(kind === 'all', kind === 'live')
    return () => mark(false, false)
  }, [kind])

  // back online: load again what failed or never loaded
  useEffect(() => {
    if (!online || !list || closed) return
    if (list.pager.error.peek()) void list.pager.retry()
    else if (list.pager.page.peek() === 0 && !list.pager.loading.peek()) void list.pager.refresh()
  }, [online, list, closed])

  // NET-09: the statuses of the hosts on screen, as a secondary load and every STATUS_REFRESH_MS after
  const items = useRef(list?.pager.items)
  items.current = list?.pager.items
  useEffect(() => state.watchStatuses(() => items.current?.peek() ?? []), [state])

  const lock = active ? state.lockOf(active) : null
  useEffect(() => {
    if (lock?.kind === 'level') void state.loadLevel()
  }, [lock?.kind])

  const pull = usePull(main, () => (list && !closed ? list.pager.refresh() : Promise.resolve()))
  const refreshing = !!list && list.pager.loading.value && list.pager.page.value > 0 && pull.busy

  return (
    <>
      {!online && (list?.pager.items.value.length ?? 0) > 0 && (
        <div className="wl-offline-banner" role="status" data-testid="wall-offline-banner">
          <Sprite id="wl-wifi-off" size={14} />
          {t('wall.offlineBanner')}
        </div>
      )}
      <div
        className={`wl-pull${pull.distance > 0 || refreshing ? ' wl-pull--on' : ''}`}
        style={{ blockSize: refreshing ? 44 : pull.distance }}
        data-testid="wall-pull"
        aria-live="polite"
      >
        {refreshing ? (
          <>
            <Spinner size={18} />
            <span>{t('wall.refreshing')}</span>
          </>
        ) : pull.distance > 0 ? (
          <>
            <Sprite id="wl-arrow-down" size={16} className={pull.distance >= PULL_TRIGGER ? 'wl-pull__arrow wl-pull__arrow--up' : 'wl-pull__arrow'} />
            <span>{t(pull.distance >= PULL_TRIGGER ? 'wall.releaseToRefresh' : 'wall.pullToRefresh')}</span>
          </>
        ) : null}
      </div>
    </>
  )
}

/** Touch-drag down on `main` while at the top of the page: follow the finger (damped), refresh past PULL_TRIGGER. */
function usePull(main: RefObject<HTMLElement | null>, refresh: () => Promise<void>) {
  const [distance, setDistance] = useState(0)
  const [busy, setBusy] = useState(false)
  // the handlers read the latest values without being added again on every render
  const now = useRef({ busy, refresh })
  now.current = { busy, refresh }
  useEffect(() => {
    const el = main.current
    if (!el) return
    let from: number | null = null
    let pulled = 0
    const show = (d: number) => setDistance((pulled = d))
    const start = (e: TouchEvent) => {
      from = (window.scrollY ?? 0) <= 0 && !now.current.busy ? e.touches[0]?.clientY ?? null : null
    }
    const move = (e: TouchEvent) => {
      if (from === null) return
      const dy = (e.touches[0]?.clientY ?? from) - from
      show(dy > 0 ? Math.min(110, dy * 0.5) : 0)
    }
    const end = () => {
      const go = from !== null && pulled >= PULL_TRIGGER
      from = null
      show(0)
      if (!go) return
      setBusy(true)
      void now.current.refresh().finally(() => setBusy(false))
    }
    const on = { touchstart: start, touchmove: move, touchend: end, touchcancel: end } as const
    for (const [type, fn] of Object.entries(on)) el.addEventListener(type, fn as EventListener, { passive: true })
    // the page follows gestures from here on (end-to-end tests wait for it)
    el.dataset.gestures = 'on'
    return () => {
      for (const [type, fn] of Object.entries(on)) el.removeEventListener(type, fn as EventListener)
      delete el.dataset.gestures
    }
  }, [main])
  return { distance, busy }
}
