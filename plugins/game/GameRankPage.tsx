// ENG-07: /gameRank: the biggest winners of the games (getRankList). Loading, error (Retry), empty.
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { GamePath } from './paths.ts'
import { gameRankRows, type GameRankRow } from './api.ts'
import { gameServiceRef } from './state.ts'
import css from './game.css'

export default function GameRankPage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const [rows, setRows] = useState<GameRankRow[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let on = true
    setFailed(false)
    void kernel.need(gameServiceRef).fetch(GamePath.rank, gameRankRows).then((r) => {
      if (!on) return
      if (r === null) setFailed(true)
      else setRows(r)
    })
    return () => {
      on = false
    }
  }, [attempt])
  let body
  if (failed) body = <ErrorState testId="game-rank-error" title={t('game.rankFailed')} retryLabel={t('game.retry')} onRetry={() => setAttempt(attempt + 1)} />
  else if (!rows) body = <PageSpinner />
  else if (!rows.length) body = <EmptyState testId="game-rank-empty" title={t('game.rankEmpty')} />
  else
    body = (
      <ol className="gm-rank" data-testid="game-rank">
        {rows.map((r, i) => (
          <li key={r.userId} className="gm-rank__row" data-testid={`game-rank-${i + 1}`}>
            <span className={`gm-rank__n gm-rank__n--${Math.min(i + 1, 4)}`}>{Number(r.rank) || i + 1}</span>
            <Avatar src={r.icon} name={r.nickname} size={40} />
            <span className="gm-rank__name"><bdi>{r.nickname}</bdi></span>
            <span className="gm-rank__win" dir="ltr">💎 {Number(r.winDiamond) || 0}</span>
          </li>
        ))}
      </ol>
    )
  return (
    <main className="gm-page" data-testid="game-rank-page">
      <PageBar title={t('game.rankTitle')} />
      <div className="gm-page__body">{body}</div>
    </main>
  )
}
