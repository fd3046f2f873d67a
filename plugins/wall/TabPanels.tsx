// What a tab shows instead of hosts: the lock panel (a VIP or level tab, d3 §3 Tag lock) and the
// game grid. Neither is on a guest's first screen, so they load after it (WallPage preloads them).
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState } from '../../kernel/ui/States.tsx'
import type { WallGame, WallState } from './state.ts'
import type { SVGProps } from 'react'
import { Sprite } from '../../kernel/ui/sprite.tsx'
import { useSignals } from '@preact/signals-react/runtime'
import { isRouted } from '../../kernel/router.tsx'
import type { Kernel } from '../../kernel/types.ts'

type T = (key: string, params?: Record<string, unknown>) => string

export type PanelProps =
  | { kind: 'lock'; lock: NonNullable<ReturnType<WallState['lockOf']>>; current: number; t: T; kernel: Kernel }
  | { kind: 'games'; games: WallGame[]; t: T; kernel: Kernel }

const VIP_PATH = '/vip'
const LEVEL_PATH = '/personal/userLevel'
const GAME_PATH = '/game'

export default function TabPanel(p: PanelProps) {
  useSignals()
  const { kernel } = p
  if (p.kind === 'games') {
    // Play opens the game page; in a build without one the tiles only show what is there
    const play = isRouted(kernel, GAME_PATH) ? (url: string) => kernel.router.navigate(`${GAME_PATH}?url=${encodeURIComponent(url)}`) : null
    return <GameGrid games={p.games} t={p.t} play={play} />
  }
  // a guest's Become VIP opens the login (then the VIP page); a page this build lacks shows no button
  const to = p.lock.kind === 'vip' ? VIP_PATH : LEVEL_PATH
  const go = () => (kernel.session.loggedIn.peek() ? kernel.router.navigate(to) : kernel.events.emit('login-required', { to }))
  return <LockPanel lock={p.lock} current={p.current} t={p.t} go={isRouted(kernel, to) ? go : null} />
}

function LockPanel({ lock, current, t, go }: { lock: Extract<PanelProps, { kind: 'lock' }>['lock']; current: number; t: T; go: (() => void) | null }) {
  const vip = lock.kind === 'vip'
  return (
    <section className={`wl-lock wl-lock--${lock.kind}`} data-testid="wall-lock" data-lock={vip ? 'vip' : lock.level}>
      <div className="wl-lock__badge">{vip ? <IconCrown /> : <Sprite id="wl-lock" size={28} />}</div>
      <h2 className="wl-lock__title">{vip ? t('wall.lock.vipTitle') : t('wall.lock.levelTitle', { level: lock.level })}</h2>
      <p className="wl-lock__text">{vip ? t('wall.lock.vipMessage') : t('wall.lock.levelMessage', { level: lock.level, current })}</p>
      {go && (
        <Button testId="wall-lock-action" onClick={go}>
          {vip ? t('wall.lock.vipAction') : t('wall.lock.levelAction')}
        </Button>
      )}
    </section>
  )
}

function GameGrid({ games, t, play }: { games: WallGame[]; t: T; play: ((url: string) => void) | null }) {
  if (!games.length) return <EmptyState testId="wall-empty" title={t('wall.empty.game.title')} message={t('wall.empty.game.message')} />
  return (
    <div className="wl-games" data-testid="wall-games">
      {games.map((g) => {
        const body = (
          <>
            {g.icon ? <img src={g.icon} alt="" loading="lazy" /> : <IconGamepad />}
            <span className="wl-game__name" title={g.gameName}>
              <bdi>{g.gameName}</bdi>
            </span>
          </>
        )
        return play ? (
          <button key={g.gameId} type="button" className="wl-game" data-testid="wall-game" onClick={() => play(g.gameLink)}>
            {body}
            <span className="wl-game__play">{t('wall.play')}</span>
          </button>
        ) : (
          <div key={g.gameId} className="wl-game" data-testid="wall-game">
            {body}
          </div>
        )
      })}
    </div>
  )
}

const svg = (p: SVGProps<SVGSVGElement>) => ({ viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, fill: 'currentColor', ...p }) as const

const IconCrown = () => (
  <svg {...svg({ width: 30, height: 30 })}>
    <path d="M3 8.5l4.2 3.3L12 5l4.8 6.8L21 8.5 19.2 18H4.8z" />
    <rect x="4.8" y="19" width="14.4" height="2" rx="1" />
  </svg>
)

const IconGamepad = () => (
  <svg {...svg({ width: 36, height: 36 })}>
    <path d="M7 6h10a5 5 0 0 1 4.9 6l-1 4.6a2.6 2.6 0 0 1-4.5 1.2L14.2 15.5H9.8l-2.2 2.3a2.6 2.6 0 0 1-4.5-1.2L2.1 12A5 5 0 0 1 7 6zm0 3.2a.9.9 0 0 0-.9.9v1H5.1a.9.9 0 0 0 0 1.8h1v1a.9.9 0 0 0 1.8 0v-1h1a.9.9 0 0 0 0-1.8h-1v-1a.9.9 0 0 0-.9-.9zm9.6.3a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zm-2 2.6a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2z" />
  </svg>
)
