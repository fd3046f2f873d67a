// The wall's panels that few visits show, in their own chunk: a locked tab's panel (d3 §3 Tag
// lock) and the Game tab's grid (ENG-01).
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState } from '../../kernel/ui/States.tsx'
import type { WallState } from './state.ts'
import { IconCrown, IconGamepad, IconLockFill } from './icons.tsx'

type T = (key: string, params?: Record<string, unknown>) => string

export function LockPanel({ lock, current, t, go }: { lock: NonNullable<ReturnType<WallState['lockOf']>>; current: number; t: T; go: (to: string) => void }) {
  const vip = lock.kind === 'vip'
  return (
    <section className={`wl-lock wl-lock--${lock.kind}`} data-testid="wall-lock" data-lock={vip ? 'vip' : lock.level}>
      <div className="wl-lock__badge">{vip ? <IconCrown size={30} /> : <IconLockFill size={28} />}</div>
      <h2 className="wl-lock__title">{vip ? t('wall.lock.vipTitle') : t('wall.lock.levelTitle', { level: lock.level })}</h2>
      <p className="wl-lock__text">{vip ? t('wall.lock.vipMessage') : t('wall.lock.levelMessage', { level: lock.level, current })}</p>
      <Button testId="wall-lock-action" onClick={() => go(vip ? '/vip' : '/personal/userLevel')}>
        {vip ? t('wall.lock.vipAction') : t('wall.lock.levelAction')}
      </Button>
    </section>
  )
}

export function GameGrid({ games, t, play }: { games: NonNullable<WallState['games']['value']>; t: T; play: (url: string) => void }) {
  if (!games.length) return <EmptyState testId="wall-empty" title={t('wall.empty.game.title')} message={t('wall.empty.game.message')} />
  return (
    <div className="wl-games" data-testid="wall-games">
      {games.map((g) => (
        <button key={g.gameId} type="button" className="wl-game" data-testid="wall-game" onClick={() => play(g.gameLink)}>
          {g.icon ? <img src={g.icon} alt="" loading="lazy" /> : <IconGamepad size={36} />}
          <span className="wl-game__name">
            <bdi>{g.gameName}</bdi>
          </span>
          <span className="wl-game__play">{t('wall.play')}</span>
        </button>
      ))}
    </div>
  )
}
