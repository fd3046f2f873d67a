// ENG-09: /personal/userLevel/rule: 1 dollar = 100 EXP, the six badge tiers and the name bars.
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { LevelBadge, NameBar } from './LevelBadge.tsx'
import css from './engage.css'

const TIERS: Array<[number, number]> = [
  [1, 19],
  [20, 34],
  [35, 44],
  [45, 49],
  [50, 59],
  [60, 99],
]
const BARS = [1, 5, 15, 25, 35, 43, 48, 53, 58, 63, 70]

export default function LevelRulePage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const name = kernel.session.user.peek()?.nickname ?? 'Callwall'
  return (
    <main className="en-page" data-testid="level-rule-page">
      <PageBar title={t('engage.level.rule')} />
      <div className="en-page__body">
        <section className="en-rule">
          <h2 className="en-h2">{t('engage.level.howTitle')}</h2>
          <p className="en-rule__text" data-testid="level-rule-exp">{t('engage.level.how')}</p>
        </section>
        <section className="en-rule">
          <h2 className="en-h2">{t('engage.level.badgesTitle')}</h2>
          <ul className="en-tiers" data-testid="level-tiers">
            {TIERS.map(([from, to]) => (
              <li key={from} className="en-tier">
                <LevelBadge level={from} testId={`tier-${from}`} />
                <span dir="auto">{t('engage.level.badgeRange', { from, to })}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="en-rule">
          <h2 className="en-h2">{t('engage.level.barsTitle')}</h2>
          <p className="en-rule__text">{t('engage.level.bars')}</p>
          <ul className="en-bars">
            {BARS.map((lv) => (
              <li key={lv} className="en-tier">
                <LevelBadge level={lv} testId={`bar-badge-${lv}`} />
                <NameBar level={lv} testId={`bar-${lv}`}>
                  {name}
                </NameBar>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  )
}
