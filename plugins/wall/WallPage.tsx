// The wall tab's page (ENG-01): tabs from the server's tag list, each with its own paged host grid,
// pull-to-refresh, tab locks, and the Game tab only when there are games.
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { afterFirstScreen, firstScreenShown } from '../../kernel/first-screen.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { detailHref, liveOpenerRef, type Host } from './api.ts'
import { wallStateRef, type WallState, type WallTag } from './state.ts'
import { HostList } from './HostList.tsx'
import { Sprite } from '../../kernel/ui/sprite.tsx'
import css from './wall.css'

// the lock panel and the game grid are never on a guest's first screen, nor is what the page does
// besides showing hosts (pull to refresh, back online, statuses...): they load after it
const loadPanels = () => import('./TabPanels.tsx')
const WallExtras = lazy(() => import('./WallExtras.tsx'))

function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false))
  useEffect(() => {
    const up = () => setOnline(true)
    const down = () => setOnline(false)
    window.addEventListener('online', up)
    window.addEventListener('offline', down)
    return () => {
      window.removeEventListener('online', up)
      window.removeEventListener('offline', down)
    }
  }, [])
  return online
}

export default function WallPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { path, search } = useRoute()
  const state = kernel.need(wallStateRef)
  const online = useOnline()
  const locale = kernel.i18n.locale.value
  const loggedIn = kernel.session.loggedIn.value
  const loggedInAtStart = useRef(loggedIn)
  const main = useRef<HTMLElement>(null)
  const [extras, setExtras] = useState(false)
  // the panels, extras and empty states speak words the first screen does not carry (wall-more): they wait for them
  const moreWords = () => kernel.i18n.ready(undefined, ['wall'])
  const TabPanel = useMemo(() => lazy(() => Promise.all([loadPanels(), moreWords()]).then(([m]) => m)), [kernel])
  useEffect(() => {
    let live = true
    void afterFirstScreen(kernel).then(moreWords).then(() => live && setExtras(true))
    return () => void (live = false)
  }, [kernel])

  // tags (localized by the server: asked again when the language changes), games, countries
  useEffect(() => {
    if (state.tagsState.peek() === 'idle' || state.tagsState.peek() === 'failed' || state.tagsStale()) {
      if (state.tagsStale()) state.dropLists()
      void state.loadTags()
    }
    if (state.games.peek() === null) void state.loadGames()
    state.loadCountries()
  }, [state, locale])

  const games = state.games.value
  const tags = state.shownTags()
  const active = state.activeTab(search)
  void state.listsVersion.value
  const list = active && active.kind !== 'game' ? state.listFor(active) : null

  const lock = active ? state.lockOf(active) : null
  // a locked tab, or Follow for a guest, shows a panel and loads nothing
  const closed = !!lock || (active?.kind === 'follow' && !loggedIn)

  const choose = (tag: WallTag) => {
    if (tag.kind === 'follow' && !kernel.session.loggedIn.peek()) {
      kernel.events.emit('login-required', { to: `${path}?tab=${tag.tagId}` })
      return
    }
    if (active && tag.tagId === active.tagId) {
      // re-tapping the open tab refreshes it from the top
      window.scrollTo?.({ top: 0 })
      if (list && !state.lockOf(tag)) void list.pager.refresh()
      return
    }
    const q = new URLSearchParams(search)
    q.set('tab', String(tag.tagId))
    kernel.router.navigate(`${path}?${q}`, { replace: true })
    window.scrollTo?.({ top: 0 })
  }

  const open = async (host: Host, index: number) => {
    // a live host opens her room; the feature that shows rooms may still be joining (a late
    // plugin): wait for it rather than send the viewer to the profile
    if (host.status === 'live' && !kernel.get(liveOpenerRef) && kernel.pending.peek().length) await kernel.loadPlugins().catch(() => undefined)
    const live = host.status === 'live' ? kernel.get(liveOpenerRef) : undefined
    if (live) return live.open(host, { index, path: 'hostlist' })
    kernel.router.navigate(detailHref(host, { index, path: 'hostlist', vip: state.isVip.peek() }))
  }

  // the first screen is there once the wall shows hosts, or any state but loading
  const tagsSettled = state.tagsState.value === 'ready' || state.tagsState.value === 'failed'
  const shown = !tags.length
    ? tagsSettled
    : !list || closed || list.pager.items.value.length > 0 || !!list.pager.error.value || (list.pager.page.value > 0 && !list.pager.loading.value)
  useEffect(() => {
    if (!shown) return
    firstScreenShown(kernel)
    void afterFirstScreen(kernel).then(loadPanels).catch(() => undefined)
  }, [shown, kernel])

  let body: React.ReactNode
  const tagsState = state.tagsState.value
  if (!tags.length) {
    body =
      tagsState === 'failed' ? (
        online ? (
          <ErrorState testId="wall-tags-error" title={t('wall.tagsError.title')} message={t('wall.tagsError.message')} retryLabel={t('wall.retry')} onRetry={() => void state.loadTags()} />
        ) : (
          <EmptyState testId="wall-offline" icon={<Sprite id="wl-wifi-off" size={28} />} title={t('wall.offline.title')} message={t('wall.offline.message')} />
        )
      ) : tagsState === 'ready' && extras ? (
        <EmptyState testId="wall-empty" title={t('wall.empty.other.title')} message={t('wall.empty.other.message')} />
      ) : (
        <div className="wl-center">
          <Spinner />
        </div>
      )
  } else if (active && active.kind === 'follow' && !loggedIn) {
    body = !extras ? (
      <div className="wl-center">
        <Spinner />
      </div>
    ) : (
      <EmptyState
        testId="wall-login"
        title={t('wall.login.title')}
        message={t('wall.login.message')}
        action={
          <Button testId="wall-login-button" onClick={() => kernel.events.emit('login-required', { to: `${path}?tab=${active.tagId}` })}>
            {t('wall.login.action')}
          </Button>
        }
      />
    )
  } else if (lock && active) {
    body = <TabPanel kind="lock" lock={lock} current={state.userLevel.value} t={t} kernel={kernel} />
  } else if (active?.kind === 'game') {
    body = <TabPanel kind="games" games={games ?? []} t={t} kernel={kernel} />
  } else if (list) {
    body = <HostList key={list.tag.tagId} state={state} list={list} online={online} t={t} onOpen={open} words={extras} />
  }

  return (
    <main className="wl-page" data-testid="wall" ref={main}>
      {tags.length > 0 && <WallTabs tags={tags} active={active} state={state} t={t} onChoose={choose} />}
      {extras && (
        <Suspense fallback={null}>
          <WallExtras main={main} state={state} list={list} active={active} closed={closed} online={online} loggedInAtStart={loggedInAtStart.current} t={t} />
        </Suspense>
      )}
      <section className="wl-body" role="tabpanel">
        <Suspense fallback={<Spinner />}>{body}</Suspense>
      </section>
    </main>
  )
}

/** The tab strip: the server's tags in its order, the open one selected, a lock on a locked one. */
function WallTabs({ tags, active, state, t, onChoose }: { tags: WallTag[]; active: WallTag | undefined; state: WallState; t: (key: string) => string; onChoose: (tag: WallTag) => void }) {
  return (
    <nav className="wl-tabs" aria-label={t('wall.tabsLabel')}>
      <div className="wl-tabs__track" role="tablist">
        {tags.map((tag) => {
          const locked = !!state.lockOf(tag)
          const selected = tag.tagId === active?.tagId
          return (
            <button
              key={tag.tagId}
              type="button"
              role="tab"
              aria-selected={selected}
              className={`wl-tab${selected ? ' wl-tab--on' : ''}`}
              data-testid="wall-tab"
              data-tag-id={tag.tagId}
              data-kind={tag.kind}
              data-locked={locked || undefined}
              onClick={() => onChoose(tag)}
            >
              {tag.name}
              {locked && <Sprite id="wl-lock" size={11} className="wl-tab__lock" />}
            </button>
          )
        })}
      </div>
    </nav>
  )
}
