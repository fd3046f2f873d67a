// The header over the main tabs (SHELL-06): Login for guests; for a logged-in user the rank icon
// (wall tab only) and the server's diamond balance, which opens the recharge page.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { formatNumber } from '../../kernel/i18n.ts'
import type { TabSetting } from '../../kernel/types.ts'
import { Sprite } from '../../kernel/ui/sprite.tsx'
import { shellRef } from './api.ts'
import { isRouted } from '../../kernel/router.tsx'

const RANK_PATH = '/rank'

export function Header({ tab }: { tab: TabSetting }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const { session, router } = kernel
  const user = session.user.value
  const loggedIn = session.loggedIn.value
  const path = router.path.value

  const openLogin = () => void kernel.need(shellRef).openLogin({ to: path })
  // source is the current path without its leading slash (d3 §2 /getcoin)
  const recharge = () => router.navigate(`/getcoin?source=${encodeURIComponent(path.replace(/^\//, ''))}`)

  return (
    <header className="sh-header" data-testid="header">
      <div className="sh-header__brand">
        <Sprite id="sh-logo" size={30} />
        <h1 className="sh-header__title">{t(tab.label)}</h1>
      </div>
      <div className="sh-header__end">
        {!loggedIn ? (
          <button type="button" className="sh-pill sh-pill--brand" data-testid="header-login" onClick={openLogin}>
            {t('shell.header.login')}
          </button>
        ) : (
          <>
            {/* the rankings, only in a build that has them */}
            {tab.id === 'wall' && isRouted(kernel, RANK_PATH) && (
              <button
                type="button"
                className="sh-iconbtn sh-iconbtn--gold"
                data-testid="header-rank"
                aria-label={t('shell.header.rank')}
                onClick={() => router.navigate(RANK_PATH)}
              >
                <Sprite id="sh-trophy" size={20} />
              </button>
            )}
            <button type="button" className="sh-pill sh-balance" onClick={recharge}>
              <Sprite id="sh-diamond" size={18} />
              {/* the number only, always the last one the server answered */}
              <span data-testid="header-balance" className="sh-balance__num">
                {user ? formatNumber(user.diamondNum ?? 0, kernel.i18n.locale.value) : '…'}
              </span>
              <span className="sh-balance__plus" aria-hidden="true">+</span>
              {/* named by what it shows, then what it does, so voice control finds it by the number */}
              {' '}
              <span className="k-visually-hidden">{t('shell.header.balance')}</span>
            </button>
          </>
        )}
      </div>
    </header>
  )
}
