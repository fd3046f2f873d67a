// ENG-07: a game in a frame, for the /game page and the half-screen game. The loading climbs in
// random steps of 15-24 every 500 ms to at most 99, and reaches 100 when the game says it has loaded
// (load done); the game's messages (recharge, back, load done) open the recharge sheet, close the
// game and hide the loading; 2500 ms after a recharge the game is told the balance the server
// answered. Security: the sandbox grants allow-same-origin only to a game the base config lists on the app's own origin; a message
// counts only from this frame's window, from the game's exact origin, in the protocol's shape, and
// never after the frame has navigated away from the game; the frame sends no referrer.
import { useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { rechargeRef } from '../recharge/api.ts'
import { BALANCE_DELAY_MS, coinBalanceMessage, LOAD_GIVE_UP_MS, nextProgress, parseGameMessage, PROGRESS_STEP_MS } from './rules.ts'
import { gameServiceRef } from './state.ts'
import css from './game.css'

export interface GameFrameProps {
  link: string
  name?: string
  /** the game asked to go back (its back event), or the user closed it */
  onClose: () => void
  /** where the recharge sheet says it was opened from */
  source: string
}

type Phase = 'loading' | 'ready' | 'failed' | 'left'

export function GameFrame({ link, name, onClose, source }: GameFrameProps) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const svc = kernel.need(gameServiceRef)
  const user = kernel.session.user.value
  const [attempt, setAttempt] = useState(0)
  const plan = user ? svc.plan(link) : null
  const frame = useRef<HTMLIFrameElement>(null)
  const [progress, setProgress] = useState(0)
  const [phase, setPhase] = useState<Phase>('loading')
  // messages refused so far: shown as data-dropped, the sign a test waits for before it checks that nothing happened
  const [dropped, setDropped] = useState(0)
  // what the message handler reads without re-subscribing
  const live = useRef({ phase, loads: 0, recharging: false, onClose, plan })
  live.current.onClose = onClose
  live.current.plan = plan

  const setPhaseNow = (p: Phase) => {
    live.current.phase = p
    setPhase(p)
  }

  // the loading: climbs until the game has loaded, then gives up waiting after a while
  useEffect(() => {
    if (!plan) return
    live.current.loads = 0
    setPhaseNow('loading')
    setProgress(0)
    const { timers } = svc
    const step = timers.setInterval(() => setProgress((p) => nextProgress(p, svc.random())), PROGRESS_STEP_MS)
    const giveUp = timers.setTimeout(() => {
      if (live.current.phase !== 'loading') return
      // the page loaded but never said so: show it as it is; a page that never loaded: Retry
      if (live.current.loads > 0) loaded()
      else setPhaseNow('failed')
    }, LOAD_GIVE_UP_MS)
    return () => {
      timers.clearInterval(step)
      timers.clearTimeout(giveUp)
    }
  }, [plan?.src, attempt])

  function loaded() {
    setProgress(100)
    setPhaseNow('ready')
  }

  // the game's messages
  useEffect(() => {
    if (!plan) return
    const onMessage = (e: MessageEvent) => {
      const win = frame.current?.contentWindow
      const now = live.current
      const trusted = !!win && e.source === win && e.origin === now.plan?.origin && now.phase !== 'left' && now.phase !== 'failed'
      const event = trusted ? parseGameMessage(e.data) : null
      if (!event) return setDropped((n) => n + 1)
      if (event === 'loadDone') {
        if (now.phase === 'loading') loaded()
      } else if (event === 'back') now.onClose()
      else if (event === 'recharge') void recharge()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [plan?.src, attempt])

  async function recharge() {
    if (live.current.recharging) return
    live.current.recharging = true
    try {
      await kernel.get(rechargeRef)?.open({ source, inLive: !!kernel.scene.peek().live })
    } finally {
      live.current.recharging = false
    }
  }

  // 2500 ms after a recharge, the game hears the balance the server answered
  useEffect(() => {
    const timers: unknown[] = []
    const off = kernel.events.on('recharge-success', () => {
      timers.push(svc.timers.setTimeout(() => tellBalance(), BALANCE_DELAY_MS))
    })
    return () => {
      off()
      timers.forEach((id) => svc.timers.clearTimeout(id))
    }
  }, [plan?.src])

  function tellBalance() {
    const win = frame.current?.contentWindow
    const p = live.current.plan
    const balance = kernel.session.user.peek()?.diamondNum
    if (!win || !p || live.current.phase === 'left' || typeof balance !== 'number') return
    // an opaque (sandboxed) origin cannot be named as a target: '*' then, to this frame's window only
    win.postMessage(coinBalanceMessage(balance), p.own ? p.origin : '*')
  }

  function onLoad() {
    live.current.loads += 1
    // a second load is the frame navigating: the page there is not the game, whatever it posts
    if (live.current.loads > 1) setPhaseNow('left')
  }

  if (user && !plan) {
    return <ErrorState testId="game-blocked" title={t('game.blocked')} retryLabel={t('game.close')} onRetry={onClose} />
  }
  return (
    <div className="gm-frame" data-testid="game-frame" data-phase={phase} data-dropped={dropped}>
      {plan && phase !== 'failed' && (
        <iframe
          key={attempt}
          ref={frame}
          className="gm-frame__iframe"
          src={plan.src}
          title={name ?? t('game.title')}
          sandbox={plan.sandbox}
          referrerPolicy="no-referrer"
          allow="autoplay"
          onLoad={onLoad}
          data-testid="game-iframe"
        />
      )}
      {phase === 'loading' && <Loading progress={progress} name={name} />}
      {phase === 'failed' && <ErrorState testId="game-error" title={t('game.failed')} retryLabel={t('game.retry')} onRetry={() => setAttempt(attempt + 1)} />}
      {phase === 'left' && <Left onClose={onClose} onReload={() => setAttempt(attempt + 1)} />}
    </div>
  )
}

function Loading({ progress, name }: { progress: number; name?: string }) {
  const t = useT()
  return (
    <div className="gm-loading" data-testid="game-loading" role="progressbar" aria-label={t('game.loading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
      <div className="gm-loading__ring" aria-hidden="true">🎮</div>
      {name && <p className="gm-loading__name"><bdi>{name}</bdi></p>}
      <div className="gm-bar">
        <span className="gm-bar__fill" style={{ inlineSize: `${progress}%` }} />
      </div>
      <p className="gm-loading__pct" dir="ltr" data-testid="game-progress">{progress}%</p>
      <p className="gm-loading__hint">{t('game.loading')}</p>
    </div>
  )
}

function Left({ onClose, onReload }: { onClose: () => void; onReload: () => void }) {
  const t = useT()
  return (
    <div className="gm-left" data-testid="game-left">
      <p>{t('game.left')}</p>
      <div className="gm-left__row">
        <Button variant="secondary" testId="game-left-close" onClick={onClose}>{t('game.close')}</Button>
        <Button testId="game-left-reload" onClick={onReload}>{t('game.reload')}</Button>
      </div>
    </div>
  )
}

