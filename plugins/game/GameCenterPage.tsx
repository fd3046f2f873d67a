// ENG-07: /gameCenter: the winners' marquee, the banners, recently played, recommendations and every
// game grouped by category; the rank and the rules one tap away. Loading, error (Retry) and empty.
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { fullGameList, gameBanners, gameGuard, GamePage, listAnswer, type Game, type GameBanner, type GameScroll } from './api.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import { GameTile } from './GameTile.tsx'
import { GamePath } from './paths.ts'
import { playGame } from './play.ts'
import { groupGames } from './rules.ts'
import { gameServiceRef } from './state.ts'
import css from './game.css'
import { sentence, shownCount } from '../../kernel/ui/sentence.tsx'

interface Centre {
  games: Game[]
  scrolls: GameScroll[]
  showTime: number
  recent: Game[]
  recommend: Game[]
  banners: GameBanner[]
}

export default function GameCenterPage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const svc = kernel.need(gameServiceRef)
  const [centre, setCentre] = useState<Centre | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let on = true
    setFailed(false)
    setCentre(null)
    Promise.all([
      svc.fetch(GamePath.fullList, fullGameList),
      svc.fetch(GamePath.recently, listAnswer(gameGuard)),
      svc.fetch(GamePath.recommend, listAnswer(gameGuard)),
      svc.fetch(GamePath.banners, gameBanners),
    ]).then(([full, recent, recommend, banners]) => {
      if (!on) return
      if (!full) return setFailed(true)
      setCentre({
        games: full.gameList,
        scrolls: full.scrollScreen.scrolls,
        showTime: Math.max(1, full.scrollScreen.showTime || 3),
        recent: recent ?? [],
        recommend: recommend ?? [],
        banners: banners ?? [],
      })
    })
    return () => {
      on = false
    }
  }, [attempt])

  const play = (g: Game) => playGame(kernel, g)
  let body
  if (failed) body = <ErrorState testId="game-centre-error" title={t('game.listFailed')} retryLabel={t('game.retry')} onRetry={() => setAttempt(attempt + 1)} />
  else if (!centre) body = <PageSpinner />
  else if (!centre.games.length) body = <EmptyState testId="game-centre-empty" title={t('game.empty')} />
  else {
    const byId = (id?: number) => centre.games.find((g) => g.gameId === id)
    body = (
      <>
        {centre.scrolls.length > 0 && <Marquee scrolls={centre.scrolls} showTime={centre.showTime} />}
        {centre.banners.length > 0 && (
          <div className="gm-banners" data-testid="game-banners">
            {centre.banners.map((b) => {
              const g = byId(b.gameId)
              const img = safeImageUrl(b.imgUrl)
              return (
                <button type="button" key={b.id} className="gm-banner" disabled={!g} onClick={() => g && play(g)} data-testid={`game-banner-${b.id}`}>
                  {img && <img src={img} alt="" />}
                  <span>{b.title}</span>
                </button>
              )
            })}
          </div>
        )}
        <Row title={t('game.recent')} games={centre.recent} play={play} testId="game-recent" empty={t('game.recentEmpty')} />
        <Row title={t('game.recommend')} games={centre.recommend} play={play} testId="game-recommend" />
        {groupGames(centre.games).map((group) => (
          <section key={group.key} className="gm-group" data-testid={`game-group-${group.key}`}>
            <h2 className="gm-h2"><bdi>{group.name}</bdi></h2>
            <ul className="gm-grid">
              {group.games.map((g) => (
                <li key={g.gameId}>
                  <GameTile game={g} onPlay={play} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </>
    )
  }
  return (
    <main className="gm-page" data-testid="game-centre">
      <PageBar
        title={t('game.centre')}
        end={
          <span className="gm-bar-links">
            <button type="button" className="gm-link" data-testid="game-rank-link" onClick={() => kernel.router.navigate(GamePage.rank)}>{t('game.rank')}</button>
            <button type="button" className="gm-link" data-testid="game-rule-link" onClick={() => kernel.router.navigate(GamePage.rule)}>{t('game.rule')}</button>
          </span>
        }
      />
      <div className="gm-page__body">{body}</div>
    </main>
  )
}

function Row({ title, games, play, testId, empty }: { title: string; games: Game[]; play: (g: Game) => void; testId: string; empty?: string }) {
  if (!games.length && !empty) return null
  return (
    <section className="gm-row" data-testid={testId}>
      <h2 className="gm-h2">{title}</h2>
      {games.length ? (
        <div className="gm-row__list">
          {games.map((g) => (
            <GameTile key={g.gameId} game={g} onPlay={play} testId={`${testId}-${g.gameId}`} />
          ))}
        </div>
      ) : (
        <p className="gm-muted">{empty}</p>
      )}
    </section>
  )
}

/** the winners, one at a time, each for showTime seconds */
function Marquee({ scrolls, showTime }: { scrolls: GameScroll[]; showTime: number }) {
  const kernel = useKernel()
  const t = useT()
  const [i, setI] = useState(0)
  useEffect(() => {
    const { timers } = kernel.need(gameServiceRef)
    const id = timers.setInterval(() => setI((n) => (n + 1) % scrolls.length), showTime * 1000)
    return () => timers.clearInterval(id)
  }, [scrolls.length, showTime])
  const s = scrolls[i % scrolls.length]
  return (
    <p className="gm-marquee" data-testid="game-marquee" aria-live="off">
      <span aria-hidden="true">🏆</span>
      <span key={i} className="gm-marquee__text">
        {sentence(t, 'game.won', { name: s.nickname, game: s.gameName }, { n: shownCount(s.winDiamond) })}
      </span>
    </p>
  )
}
