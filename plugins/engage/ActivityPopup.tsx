// SHELL-17 activity popup (priority 3, wall only): the server's image, title and text, and its
// link, followed by the backend-link rules (SHELL-14). A link those rules refuse (javascript:,
// data:, a host trick) gets no button at all.
import { useKernel, useT } from '../../kernel/hooks.ts'
import { resolveLink } from '../shell/links.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { shellRef } from '../shell/api.ts'
import type { ActivityPopup as Activity } from './api.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import css from './engage.css'

export const followable = (url: string | undefined) => !!url && resolveLink(url, { ownOrigins: [] }).kind !== 'blocked'

export default function ActivityPopup({ props, close }: OverlayProps<{ popup: Activity }>) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const p = props.popup
  const img = safeImageUrl(p.imgUrl)
  const link = followable(p.jumpUrl) ? p.jumpUrl! : null
  const go = () => {
    close(true)
    if (link) kernel.get(shellRef)?.openLink(link)
  }
  return (
    <div className="en-pop en-activity" data-testid="activity-popup" data-id={p.id}>
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
