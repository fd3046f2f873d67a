// SHELL-17 activity popup (priority 3, wall only): the server's image, title and text, and its
// link, followed by the backend-link rules (SHELL-14). A link those rules refuse (javascript:,
// data:, a host trick) gets no button at all.
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { shellRef } from '../shell/api.ts'
import type { ActivityPopup as Activity } from './api.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import css from './engage.css'

export default function ActivityPopup({ props, close }: OverlayProps<{ popup: Activity }>) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const p = props.popup
  const img = safeImageUrl(p.imgUrl)
  const link = useFollowable(p.jumpUrl)
  const go = () => {
    close(true)
    if (link) void kernel.get(shellRef)?.linkRules().then((r) => r.follow(link))
  }
  return (
    <div className="en-pop en-activity" data-testid="activity-popup" data-id={p.id} data-link-checked={link !== undefined}>
      {img && <img className="en-activity__img" src={img} alt="" />}
      {p.title && <h2 className="en-pop__title" data-dialog-title>{p.title}</h2>}
      {p.text && <p className="en-pop__text">{p.text}</p>}
      <div className="en-pop__actions">
        <Button variant="secondary" testId="activity-close" onClick={() => close()}>
          {t('engage.activity.close')}
        </Button>
        {link && (
          <Button testId="activity-go" onClick={go}>
            {t('engage.activity.go')}
          </Button>
        )}
      </div>
    </div>
  )
}

/** the link once the shell's rules allow it; null when they refuse it (or there is none), undefined while asked */
function useFollowable(url: string | undefined): string | null | undefined {
  const shell = useKernel().get(shellRef)
  const [allowed, setAllowed] = useState<string | null | undefined>(url && shell ? undefined : null)
  useEffect(() => {
    let on = true
    if (url && shell) shell.linkRules().then((r) => on && setAllowed(r.allows(url) ? url : null), () => on && setAllowed(null))
    return () => void (on = false)
  }, [url, shell])
  return allowed
}
