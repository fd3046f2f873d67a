// SHELL-17 activity popup (priority 3, wall only): the server's image, title and text, and its
// link, followed by the backend-link rules (SHELL-14). A link those rules refuse (javascript:,
// data:, a host trick) gets no button at all.
import { useEffect, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { shellRef, type LinkRules } from '../shell/api.ts'
import type { ActivityPopup as Activity } from './api.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import css from './engage.css'

export default function ActivityPopup({ props, close }: OverlayProps<{ popup: Activity }>) {
  injectStyle(css)
  const t = useT()
  const p = props.popup
  const img = safeImageUrl(p.imgUrl)
  const rules = useLinkRules(!!p.jumpUrl)
  const link = rules && p.jumpUrl && rules.allows(p.jumpUrl) ? p.jumpUrl : null
  const go = () => {
    close(true)
    if (link) rules?.follow(link)
  }
  return (
    <div className="en-pop en-activity" data-testid="activity-popup" data-id={p.id} data-link-checked={rules !== undefined}>
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

/** the shell's link rules once loaded (undefined meanwhile); null without a link to check or a shell */
function useLinkRules(wanted: boolean): LinkRules | null | undefined {
  const shell = useKernel().get(shellRef)
  const [rules, setRules] = useState<LinkRules | null | undefined>(wanted && shell ? undefined : null)
  useEffect(() => {
    let on = true
    if (wanted && shell) shell.linkRules().then((r) => on && setRules(r), () => on && setRules(null))
    return () => void (on = false)
  }, [wanted, shell])
  return rules
}
