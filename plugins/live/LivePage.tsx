// The live room page (/live?id=<host>): the video full-bleed with the front states of LIVE-02
// over it (RoomStates.tsx), the room's furniture and chat while live or calling, the end screen,
// the swipes of LIVE-04 (room-swipe.ts), and leaving by route change into picture-in-picture
// (LIVE-16).
import { cssImage } from '../../kernel/ui/css-image.ts'
import { useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { Kernel } from '../../kernel/types.ts'
import { IconClose } from '../../kernel/ui/icons.tsx'
import { useLive } from './hooks.ts'
import { ChatPanel } from './ChatPanel.tsx'
import { EndScreen } from './EndScreen.tsx'
import { RoomFurniture, ExitSheet, MoreSheet } from './RoomFurniture.tsx'
import { PrivateCallSheet } from './PrivateCall.tsx'
import { CallingState, FailedState, LoadingState, SwitchingCover } from './RoomStates.tsx'
import { useRoomLanes } from './room-lanes.ts'
import { useRoomSwipe } from './room-swipe.ts'
import type { LiveHostHint } from './api.ts'
import type { LiveRoom } from './state.ts'
import css from './live.css'

injectStyle(css)

export default function LivePage() {
  useSignals()
  const kernel = useKernel()
  const live = useLive()
  const room = live.room
  const t = useT()
  const id = Number(kernel.router.search.value.get('id'))
  const stage = useRef<HTMLDivElement>(null)
  const [sheet, setSheet] = useState<'exit' | 'more' | 'call' | null>(null)
  useRoomOfTheAddress(kernel, room, id)

  const status = room.status.value
  const on = status === 'live' || status === 'calling'
  useRoomLanes(stage, !room.clearScreen.value && on)

  // the video element is the room's: it moves here from picture-in-picture and back
  useEffect(() => {
    stage.current?.appendChild(room.video)
  }, [room.pip.value])

  const info = room.info.value
  const hint = room.hint.value
  const host = { name: info?.nickname || hint?.nickname || '', icon: info?.icon || hint?.icon || '' }

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
  const close = () => (on ? setSheet('exit') : void exit())
  const { bind, drag, switching } = useRoomSwipe(live, stage, { blocked: !!sheet, exit: () => void exit() })

  return (
    <div className={`lv-room lv-room--${status}`} data-testid="live-room" data-status={status} data-host={room.hostId.value ?? ''}>
      <div
        {...bind()}
        className="lv-stage"
        style={{ transform: `translate3d(0, ${drag.y}px, 0)`, transition: drag.active ? 'none' : 'transform 300ms ease-out' }}
      >
        <div className="lv-backdrop" style={cssImage(host.icon)} aria-hidden="true" />
        <div className="lv-video" ref={stage} data-testid="live-video" />
        <div className="lv-shade" aria-hidden="true" />
        {status === 'loading' && <LoadingState {...host} />}
        {status === 'calling' && <CallingState {...host} />}
        {room.reconnecting.value && status !== 'ended' && (
          <div className="lv-reconnecting" data-testid="live-reconnecting">
            {t('live.reconnecting')}
          </div>
        )}
        {on && !room.clearScreen.value && (
          <>
            <RoomFurniture onClose={close} onMore={() => setSheet('more')} onCall={() => setSheet('call')} />
            <ChatPanel />
          </>
        )}
        {room.clearScreen.value && on && (
          <button type="button" className="lv-restore" data-testid="live-restore" onClick={() => (room.clearScreen.value = false)}>
            {t('live.restore')}
          </button>
        )}
        {status === 'ended' && <EndScreen onClose={() => void exit()} />}
        {status === 'failed' && <FailedState {...host} reason={room.failReason.value} onRetry={() => room.retry()} onLeave={() => void exit()} />}
      </div>
      {(((status === 'loading' || status === 'idle') && room.showClose.value) || status === 'failed') && (
        <button type="button" className="lv-icon-btn lv-loading-close" data-testid="live-close" aria-label={t('live.close')} onClick={() => void exit()}>
          <IconClose size={22} />
        </button>
      )}
      {switching && <SwitchingCover to={switching.to} />}
      {sheet === 'exit' && <ExitSheet onExit={() => void exit()} onMinimize={minimize} onCancel={() => setSheet(null)} />}
      {sheet === 'more' && <MoreSheet onClose={() => setSheet(null)} />}
      {sheet === 'call' && <PrivateCallSheet onClose={() => setSheet(null)} />}
    </div>
  )
}

/** The room of the address: entered on a deep link or a reload (open() has usually entered it
 *  already), entered again after a call that covered it; the tab bar hidden while it is on, and
 *  leaving by route change shrinks it into picture-in-picture while live or calling (SHELL-05, d2 §4.1). */
function useRoomOfTheAddress(kernel: Kernel, room: LiveRoom, id: number) {
  // the host as last drawn here, to draw her again when the room is entered anew
  const lastHint = useRef<LiveHostHint | null>(null)
  const shownHint = room.hint.value
  if (shownHint?.userId === id) lastHint.current = shownHint
  // a call (a private call from this room, 'Video' on its end screen) leaves the room and covers
  // this page; when it is over the room is entered again: live if it still is, else its end screen
  const inCall = !!kernel.scene.value.call

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return void kernel.router.navigate('/wall', { replace: true })
    if (inCall) return
    if (room.hostId.peek() !== id || room.status.peek() === 'idle') void room.enter(lastHint.current?.userId === id ? lastHint.current : { userId: id })
    else room.pip.value = false
  }, [id, inCall])

  useEffect(() => {
    kernel.scene.value = { ...kernel.scene.peek(), live: true }
    return () => {
      kernel.scene.value = { ...kernel.scene.peek(), live: false }
      const s = room.status.peek()
      if (s === 'live' || s === 'calling') room.pip.value = true
      else void room.leave()
    }
  }, [])
}
