// ENG-09: /personal/userLevel: the user's level (curUserLevel, lvIcon), the growth towards the
// next one, and the eight stages (level / 10); the rules are one tap away.
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { LEVEL_RULE_PATH, type LevelInfo } from './api.ts'
import { LevelBadge, NameBar } from './LevelBadge.tsx'
import { stageOf } from './level-rules.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import { loadLevel } from './state.ts'
import css from './engage.css'

const STAGES = [0, 1, 2, 3, 4, 5, 6, 7]

/** the growth row of the current level, and how far into it the user is (0..1) */
export function progressOf(info: LevelInfo) {
  const row = (Array.isArray(info.list) ? info.list : []).find((r) => Number(r.userLevel) === Number(info.curUserLevel))
  if (!row) return null
  const start = Number(row.startGrowthValue) || 0
  const end = Number(row.endGrowthValue) || 0
  const now = Math.max(start, Number(info.growthValue ?? start))
  const share = end > start ? Math.min(1, (now - start) / (end + 1 - start)) : 1
  return { now, end: end + 1, share, toNext: Math.max(0, end + 1 - now) }
}

export default function LevelPage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const [info, setInfo] = useState<LevelInfo | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setFailed(false)
    loadLevel(kernel).then((r) => {
      if (!live) return
      if (r && Number.isFinite(Number(r.curUserLevel))) setInfo(r)
      else setFailed(true)
    })
    return () => {
      live = false
    }
  }, [attempt])

  const user = kernel.session.user.peek()
  let body
  if (failed) body = <ErrorState testId="level-error" title={t('engage.level.failed')} retryLabel={t('engage.level.retry')} onRetry={() => setAttempt(attempt + 1)} />
  else if (!info) body = <PageSpinner />
  else {
    const lv = Number(info.curUserLevel)
    const stage = Number.isFinite(Number(info.nowLvStage)) ? Number(info.nowLvStage) : stageOf(lv)
    const p = progressOf(info)
    const icon = safeImageUrl(info.lvIcon)
    body = (
      <>
        <section className="en-lv-card" data-testid="level-card">
          {icon && <img className="en-lv-card__icon" src={icon} alt="" />}
          <p className="en-lv-card__lv" data-testid="level-current">{t('engage.level.lv', { n: lv })}</p>
          <p className="en-lv-card__who">
            <NameBar level={lv}>{user?.nickname ?? ''}</NameBar> <LevelBadge level={lv} />
          </p>
          <p className="en-lv-card__stage">{t('engage.level.stage', { n: stage + 1 })}</p>
          {p && !info.isLastLv && (
            <>
              <div className="en-bar" role="progressbar" aria-label={t('engage.level.toNext', { n: p.toNext, next: lv + 1 })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(p.share * 100)}>
                <span className="en-bar__fill" style={{ inlineSize: `${Math.round(p.share * 100)}%` }} />
              </div>
              <p className="en-lv-card__growth" data-testid="level-growth">
                <span>{t('engage.level.growth', { now: p.now, end: p.end })}</span>
                <span>{t('engage.level.toNext', { n: p.toNext, next: lv + 1 })}</span>
              </p>
            </>
          )}
          {info.isLastLv && <p className="en-lv-card__growth">{t('engage.level.max')}</p>}
        </section>
        <h2 className="en-h2">{t('engage.level.stages')}</h2>
        <ol className="en-stages" data-testid="level-stages">
          {STAGES.map((s) => (
            <li key={s} className={s === stage ? 'en-stage en-stage--on' : s < stage ? 'en-stage en-stage--done' : 'en-stage'} data-testid={`level-stage-${s}`}>
              <span className="en-stage__n">{t('engage.level.stage', { n: s + 1 })}</span>
              <LevelBadge level={Math.max(1, s * 10)} testId={`stage-badge-${s}`} />
              <span className="en-stage__range" dir="auto">{t('engage.level.stageRange', { from: s * 10, to: s * 10 + 9 })}</span>
            </li>
          ))}
        </ol>
      </>
    )
  }
  return (
    <main className="en-page" data-testid="level-page">
      <PageBar
        title={t('engage.level.title')}
        end={
          <button type="button" className="en-link" data-testid="level-rule-link" onClick={() => kernel.router.navigate(LEVEL_RULE_PATH)}>
            {t('engage.level.rule')}
          </button>
        }
      />
      <div className="en-page__body">{body}</div>
    </main>
  )
}
