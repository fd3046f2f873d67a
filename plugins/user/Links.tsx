// The Me tab's way to the rest of the app: each entry shows only when this build serves its page
// (isRouted follows late plugins joining), so no entry leads to a not-found page.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { isRouted } from '../../kernel/router.tsx'

interface UserLink {
  id: string
  path: string
  label: string
  icon: string
}

/** in the order a user looks for them: money first, then history, then help */
const USER_LINKS: readonly UserLink[] = [
  { id: 'vip', path: '/vip', label: 'user.links.vip', icon: '👑' },
  { id: 'diamond-records', path: '/getcoin/diamond-records', label: 'user.links.diamondRecords', icon: '💎' },
  { id: 'call-records', path: '/callRecords', label: 'user.links.callRecords', icon: '📞' },
  { id: 'customer', path: '/customer', label: 'user.links.customer', icon: '🎧' },
  { id: 'feedback', path: '/feedback', label: 'user.links.feedback', icon: '✉️' },
]

export function Links() {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const shown = USER_LINKS.filter((l) => isRouted(kernel, l.path))
  if (!shown.length) return null
  return (
    <nav className="us-links" data-testid="user-links">
      {shown.map((l) => (
        <button key={l.id} type="button" className="us-link" data-testid={`user-link-${l.id}`} onClick={() => kernel.router.navigate(l.path)}>
          <span className="us-link__icon" aria-hidden="true">{l.icon}</span>
          <span className="us-link__label">{t(l.label)}</span>
          <span className="us-link__chev" aria-hidden="true">›</span>
        </button>
      ))}
    </nav>
  )
}
