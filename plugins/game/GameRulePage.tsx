// ENG-07: /gameRule: how the games work (the spec gives no text: ours, in both languages).
import { useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import css from './game.css'

const RULES = ['game.rules.1', 'game.rules.2', 'game.rules.3', 'game.rules.4']

export default function GameRulePage() {
  injectStyle(css)
  const t = useT()
  return (
    <main className="gm-page" data-testid="game-rule-page">
      <PageBar title={t('game.ruleTitle')} />
      <div className="gm-page__body">
        <ol className="gm-rules">
          {RULES.map((k) => (
            <li key={k}>{t(k)}</li>
          ))}
        </ol>
      </div>
    </main>
  )
}
