// The live room page (/live?id=<host>): the video full-bleed with the front states of LIVE-02
// over it, the room's furniture and chat while live or calling, the end screen, the swipes of
// LIVE-04 (@use-gesture/react), and leaving by route change into picture-in-picture (LIVE-16).
import { cssImage } from '../../kernel/ui/css-image.ts'
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useDrag } from '@use-gesture/react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { IconClose } from '../../kernel/ui/icons.tsx'
import { useLive } from './hooks.ts'
import { ChatPanel } from './ChatPanel.tsx'
import { EndScreen } from './EndScreen.tsx'
import { RoomFurniture, ExitSheet, MoreSheet } from './RoomFurniture.tsx'
import { PrivateCallSheet } from './PrivateCall.tsx'
import { swipePasses } from './rules.ts'
import type { LiveHostHint } from './api.ts'
import css from './live.css'

injectStyle(css)

/** the most entrance banner and join chip over the chat (LIVE-05), and the gift lane: the gift
 *  feature's two sent-gift banners (44 px each, 8 px apart) */
const ARRIVALS_PX = 72
const GIFT_LANE_PX = 2 * 44 + 8
const LANE_GAP_PX = 6

/** Room widgets never cover each other or the chat: from the chat's top edge up come the
 *  arrivals, then the gift banners' lane (told to the gift layer as --gift-lane-top, in viewport
 *  px: it is drawn over any page), then the 'host is in a private call' text (--lv-lane-top). */
function useRoomLanes(stage: RefObject<HTMLDivElement | null>, on: boolean) {
  useLayoutEffect(() => {
    const roomEl = stage.current?.closest<HTMLElement>('.lv-room')
    const chat = roomEl?.querySelector<HTMLElement>('.lv-chat')
    const rootStyle = document.documentElement.style
    if (!on || !roomEl || !chat) return
    const place = () => {
      const roomTop = roomEl.getBoundingClientRect().top
      const laneTop = Math.round(chat.getBoundingClientRect().top - ARRIVALS_PX - LANE_GAP_PX - GIFT_LANE_PX)
      rootStyle.setProperty('--gift-lane-top', `${laneTop}px`)
      roomEl.style.setProperty('--lv-lane-top', `${laneTop - roomTop - LANE_GAP_PX}px`)
    }
    place()
    const watch = new ResizeObserver(place)
    watch.observe(chat)
    watch.observe(roomEl)
    return () => {
      watch.disconnect()
      rootStyle.removeProperty('--gift-lane-top')
      roomEl.style.removeProperty('--lv-lane-top')
    }
  }, [on])
}

export default function LivePage() {
  useSignals()
  const kernel = useKernel()
  const live = useLive()
  const room = live.room
  const t = useT()
  const id = Number(kernel.router.search.value.get('id'))
  const stage = useRef<HTMLDivElement>(null)
  const [drag, setDrag] = useState<{ y: number; active: boolean }>({ y: 0, active: false })
  const [sheet, setSheet] = useState<'exit' | 'more' | 'call' | null>(null)
  /** a swipe passed: the direction, and the next host's cover while her room is asked */
  const [switching, setSwitching] = useState<{ to: LiveHostHint | null } | null>(null)

  // the host as last drawn here, to draw her again when the room is entered anew
  const lastHint = useRef<LiveHostHint | null>(null)
  const shownHint = room.hint.value
  if (shownHint?.userId === id) lastHint.current = shownHint
  // a call (a private call from this room, 'Video' on its end screen) leaves the room and covers
  // this page; when it is over the room is entered again: live if it still is, else its end screen
  const inCall = !!kernel.scene.value.call

  // enter the room of the address (a deep link, a reload); open() has usually entered it already
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return void kernel.router.navigate('/wall', { replace: true })
    if (inCall) return
    if (room.hostId.peek() !== id || room.status.peek() === 'idle') void room.enter(lastHint.current?.userId === id ? lastHint.current : { userId: id })
    else room.pip.value = false
  }, [id, inCall])

  // SHELL-05: the tab bar hides while the room is on; leaving by route change while live or
  // calling shrinks the room into picture-in-picture, otherwise leaves it (d2 §4.1)
  useEffect(() => {
    kernel.scene.value = { ...kernel.scene.peek(), live: true }
    return () => {
      kernel.scene.value = { ...kernel.scene.peek(), live: false }
      const s = room.status.peek()
      if (s === 'live' || s === 'calling') room.pip.value = true
      else void room.leave()
    }
  }, [])

  useRoomLanes(stage, !room.clearScreen.value && (room.status.value === 'live' || room.status.value === 'calling'))

  // the video element is the room's: it moves here from picture-in-picture and back
  useEffect(() => {
    stage.current?.appendChild(room.video)
  }, [room.pip.value])

  const status = room.status.value
  const info = room.info.value
  const hint = room.hint.value
  const name = info?.nickname || hint?.nickname || ''
  const icon = info?.icon || hint?.icon || ''

  const goBack = () => {
    if (kernel.router.canGoBack?.()) kernel.router.back()
    else kernel.router.navigate('/wall', { replace: true })
  }
  const exit = async () => {
    setSheet(null)
    await room.leave()
    goBack()
  }
  const minimize = () => {
    setSheet(null)
    goBack() // the unmount shrinks the room into picture-in-picture
  }
  const close = () => (status === 'live' || status === 'calling' ? setSheet('exit') : void exit())

  const switchRoom = async (direction: 'next' | 'previous') => {
    // the next host's cover at once (her picture and name, asked when this room began to play),
    // over the whole room: never the old room sliding away with its input bar, nor a black screen
    setSwitching({ to: live.knownNeighbour(direction) ?? null })
    setDrag({ y: 0, active: false })
    const moved = await live.neighbour(direction)
    setSwitching(null)
    return moved
  }

  const bind = useDrag(
    ({ last, movement: [mx, my], velocity: [vx, vy], direction: [dx, dy], axis, tap }) => {
      if (tap || switching || sheet) return
      const height = stage.current?.clientHeight || window.innerHeight
      if (axis === 'y') {
        if (!last) return setDrag({ y: my, active: true })
        setDrag({ y: 0, active: false })
        if (status !== 'ended' && swipePasses(my, height, vy * dy)) void switchRoom(my < 0 ? 'next' : 'previous')
        return
      }
      if (axis === 'x' && last && (Math.abs(mx) > 60 || vx > 0.4)) {
        void dx
        // d2 §2.2: left or right toggles clear-screen in live and calling, leaves in loading
        if (status === 'loading') void exit()
        else if (status === 'live' || status === 'calling') room.clearScreen.value = !room.clearScreen.peek()
      }
    },
    { axis: 'lock', filterTaps: true, from: () => [0, 0] },
  )

  return (
    <div className={`lv-room lv-room--${status}`} data-testid="live-room" data-status={status} data-host={room.hostId.value ?? ''}>
      <div
        {...bind()}
        className="lv-stage"
        style={{ transform: `translate3d(0, ${drag.y}px, 0)`, transition: drag.active ? 'none' : 'transform 300ms ease-out' }}
      >
        <div className="lv-backdrop" style={cssImage(icon)} aria-hidden="true" />
        <div className="lv-video" ref={stage} data-testid="live-video" />
        <div className="lv-shade" aria-hidden="true" />
        {status === 'loading' && (
          <div className="lv-center" data-testid="live-loading">
            <Avatar src={icon} name={name} size={88} className="lv-pulse" />
            <Spinner label={t('live.loading')} />
            <p className="lv-center__text">{t('live.loading')}</p>
          </div>
        )}
        {status === 'calling' && (
          <div className="lv-center lv-center--calling" data-testid="live-calling">
            <Avatar src={icon} name={name} size={64} />
            <p className="lv-center__title">{t('live.calling')}</p>
            <p className="lv-center__text">{t('live.callingHint')}</p>
          </div>
        )}
        {room.reconnecting.value && status !== 'ended' && (
          <div className="lv-reconnecting" data-testid="live-reconnecting">
            {t('live.reconnecting')}
          </div>
        )}
        {(status === 'live' || status === 'calling') && !room.clearScreen.value && (
          <>
            <RoomFurniture onClose={close} onMore={() => setSheet('more')} onCall={() => setSheet('call')} />
            <ChatPanel />
          </>
        )}
        {room.clearScreen.value && (status === 'live' || status === 'calling') && (
          <button type="button" className="lv-restore" data-testid="live-restore" onClick={() => (room.clearScreen.value = false)}>
            {t('live.restore')}
          </button>
        )}
        {status === 'ended' && <EndScreen onClose={() => void exit()} />}
        {status === 'failed' && (
          <div className="lv-center lv-center--failed" role="alert" data-testid="live-failed" data-reason={room.failReason.value ?? ''}>
            <Avatar src={icon} name={name} size={88} />
            <bdi className="lv-end__name">{name}</bdi>
            <p className="lv-center__title">{t('live.cantConnect')}</p>
            <p className="lv-center__text">{t('live.cantConnectHint')}</p>
            <div className="lv-end__actions">
              <button type="button" className="lv-btn lv-btn--primary" data-testid="live-retry" onClick={() => room.retry()}>
                {t('live.retry')}
              </button>
              <button type="button" className="lv-btn lv-btn--ghost" data-testid="live-failed-leave" onClick={() => void exit()}>
                {t('live.leave')}
              </button>
            </div>
          </div>
        )}
      </div>
      {(((status === 'loading' || status === 'idle') && room.showClose.value) || status === 'failed') && (
        <button type="button" className="lv-icon-btn lv-loading-close" data-testid="live-close" aria-label={t('live.close')} onClick={() => void exit()}>
          <IconClose size={22} />
        </button>
      )}
      {switching && (
        <div className="lv-switching" data-testid="live-switching" data-host={switching.to?.userId ?? ''}>
          <div className="lv-backdrop" style={cssImage(switching.to?.icon ?? '')} aria-hidden="true" />
          {switching.to && <Avatar src={switching.to.icon} name={switching.to.nickname ?? ''} size={88} />}
          {switching.to?.nickname && <bdi className="lv-end__name" data-testid="live-switching-name">{switching.to.nickname}</bdi>}
          <Spinner />
          <span>{t('live.switching')}</span>
        </div>
      )}
      {sheet === 'exit' && <ExitSheet onExit={() => void exit()} onMinimize={minimize} onCancel={() => setSheet(null)} />}
      {sheet === 'more' && <MoreSheet onClose={() => setSheet(null)} />}
      {sheet === 'call' && <PrivateCallSheet onClose={() => setSheet(null)} />}
    </div>
  )
}
