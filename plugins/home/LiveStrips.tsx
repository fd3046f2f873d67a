// LIVE-01 on the home page: the followed hosts who are live now (logged in, shown when there are
// any) and the rooms live now. Both come from the live feature's api; an app without it shows neither.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { audienceLabel, liveRef, type LiveApi, type LiveCard } from '../live/api.ts'

type Load = { state: 'loading' } | { state: 'ready'; rooms: LiveCard[] } | { state: 'error' }

function useRooms(live: LiveApi, which: 'live' | 'followed', enabled: boolean) {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!enabled) return
    let current = true
    setLoad({ state: 'loading' })
    live.rooms(which).then(
      (rooms) => current && setLoad({ state: 'ready', rooms }),
      () => current && setLoad({ state: 'error' }),
    )
    return () => void (current = false)
  }, [live, which, enabled, attempt])
  return { load, retry: () => setAttempt((n) => n + 1) }
}

export function LiveStrips() {
  useSignals()
  const live = useKernel().get(liveRef)
  return live ? <Strips live={live} /> : null
}

function Strips({ live }: { live: LiveApi }) {
  const kernel = useKernel()
  const t = useT()
  const loggedIn = kernel.session.loggedIn.value
  const all = useRooms(live, 'live', true)
  const followed = useRooms(live, 'followed', loggedIn)
  const open = (room: LiveCard) => live.open(room, { path: 'home' })
  return (
    <>
      {loggedIn && followed.load.state === 'ready' && followed.load.rooms.length > 0 && (
        <section className="hm-online" aria-labelledby="hm-followed-title" data-testid="home-followed-live">
          <div className="hm-online__head">
            <h3 id="hm-followed-title">{t('home.followedLive')}</h3>
          </div>
          <Strip rooms={followed.load.rooms} onOpen={open} testId="home-followed" />
        </section>
      )}
      <section className="hm-online" aria-labelledby="hm-live-title">
        <div className="hm-online__head">
          <h3 id="hm-live-title">
            <span className="hm-live-dot hm-live-dot--live" aria-hidden="true" />
            {t('home.liveNow')}
          </h3>
        </div>
        {all.load.state === 'loading' && (
          <div className="hm-online__status" data-testid="home-live-loading">
            <Spinner />
          </div>
        )}
        {all.load.state === 'error' && <ErrorState testId="home-live-error" title={t('home.liveError')} retryLabel={t('home.retry')} onRetry={all.retry} />}
        {all.load.state === 'ready' && all.load.rooms.length === 0 && (
          <p className="hm-online__status" data-testid="home-live-empty">{t('home.liveEmpty')}</p>
        )}
        {all.load.state === 'ready' && all.load.rooms.length > 0 && <Strip rooms={all.load.rooms} onOpen={open} testId="home-live" />}
      </section>
    </>
  )
}

function Strip({ rooms, onOpen, testId }: { rooms: LiveCard[]; onOpen: (room: LiveCard) => void; testId: string }) {
  const t = useT()
  return (
    <ul className="hm-strip" data-testid={testId}>
      {rooms.map((room) => (
        <li key={room.userId}>
          <button type="button" className="hm-host" data-testid={`${testId}-${room.userId}`} onClick={() => onOpen(room)}>
            <span className="hm-host__pic">
              <Avatar src={room.icon} name={room.nickname} size={68} />
              <span className="hm-host__badge">{t('home.live')}</span>
            </span>
            <bdi className="hm-host__name" title={room.nickname}>
              {room.nickname}
            </bdi>
            <span className="hm-host__age">{t('home.watching', { n: audienceLabel(room.audience) })}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
