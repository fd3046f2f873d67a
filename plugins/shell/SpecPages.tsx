// The small pages of the route table (d1 §2) that belong to no feature: the agreement, the own-H5
// web page, the reload helper, the profile alias, the forced comment and the two activity pages.
// One lazy chunk for all: each is a few lines.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState } from '../../kernel/ui/States.tsx'
import { safeImageUrl } from '../../kernel/url.ts'
import { resolveLink } from './links.ts'
import { shellRef } from './api.ts'
import css from './shell.css'
import pagesCss from './pages.css'

const useStyles = () => {
  injectStyle(css)
  injectStyle(pagesCss)
}

/** /agreement?type=privacy|user: the privacy policy or the user agreement the base config links to */
export function AgreementPage() {
  useStyles()
  const t = useT()
  const { search } = useRoute()
  const kind = search.get('type') === 'privacy' ? 'privacy' : 'user'
  const paragraphs = t(`shell.agreement.${kind}.body`).split('\n').filter(Boolean)
  return (
    <>
      <PageBar title={t(`shell.agreement.${kind}.title`)} />
      <main className="sh-doc" data-testid={`agreement-${kind}`}>
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </main>
    </>
  )
}

/** /h5link?url=: the product's own H5 page (SHELL-14) in a frame, under a bar with the way back.
 *  Only a link the rules send here is framed: a hand-made /h5link?url= of any other site is refused. */
export function H5LinkPage() {
  useStyles()
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const url = search.get('url') ?? ''
  const marker = kernel.app.settings.ownH5Marker as string | undefined
  const ours = resolveLink(url, { ownH5Marker: marker, ownOrigins: [] }).kind === 'h5link'
  return (
    <>
      <PageBar title={t('shell.h5link.title')} />
      {ours ? (
        <iframe className="sh-h5frame" data-testid="h5link-frame" src={url} title={t('shell.h5link.title')} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" />
      ) : (
        <EmptyState testId="h5link-refused" title={t('shell.h5link.refused')} action={<Button onClick={() => kernel.router.navigate(kernel.app.settings.mainPath || '/', { replace: true })}>{t('shell.backHome')}</Button>} />
      )}
    </>
  )
}

/** an app path a query may send the user to, or the main path ('//evil', 'https://...' are not) */
function appPath(raw: string | null, fallback: string): string {
  if (!raw || !raw.startsWith('/')) return fallback
  const target = resolveLink(raw, { ownOrigins: [] })
  return target.kind === 'internal' ? target.path : fallback
}

/** /redirect?redirectPath=: the reload helper (d2 §2): leaves at once for the path it names, so the
 *  page there mounts afresh; /profile: the own profile. Neither stays in the history. */
export function RedirectPage() {
  const kernel = useKernel()
  const { path, search } = useRoute()
  const main = kernel.app.settings.mainPath || '/'
  const to = path.startsWith('/profile') ? '/user' : appPath(search.get('redirectPath'), main)
  useEffect(() => {
    kernel.router.navigate(to === path ? main : to, { replace: true })
  }, [kernel, to, path, main])
  return <main className="sh-doc" data-testid="redirecting" aria-busy="true" />
}

const COMMENT_MAX = 300

/** /mandatory-comments: the forced comment the base config's canEval asks for; back goes to /wall (d2 §2) */
export function MandatoryCommentsPage() {
  useSignals()
  useStyles()
  const kernel = useKernel()
  const t = useT()
  const [stars, setStars] = useState(0)
  const [text, setText] = useState('')
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle')
  const toWall = () => kernel.router.navigate('/wall', { replace: true })
  const send = () => {
    setState('sending')
    kernel.api.post('/api/user/saveEvaluation', { star: stars, content: text.trim() }).then(toWall, () => setState('failed'))
  }
  return (
    <>
      <PageBar title={t('shell.comments.title')} onBack={toWall} />
      <main className="sh-doc sh-comments" data-testid="mandatory-comments">
        <p>{t('shell.comments.ask')}</p>
        <div className="sh-stars" role="radiogroup" aria-label={t('shell.comments.stars')}>
          {[1, 2, 3, 4, 5].map((n) => (
            <button key={n} type="button" role="radio" aria-checked={stars === n} aria-label={t('shell.comments.star', { count: n })} data-testid={`star-${n}`} className={n <= stars ? 'sh-star sh-star--on' : 'sh-star'} onClick={() => setStars(n)}>
              ★
            </button>
          ))}
        </div>
        <textarea className="sh-textarea" data-testid="comment-text" maxLength={COMMENT_MAX} value={text} placeholder={t('shell.comments.placeholder')} onChange={(e) => setText(e.target.value)} />
        <span className="sh-muted sh-counter" dir="ltr">
          {text.length}/{COMMENT_MAX}
        </span>
        {state === 'failed' && <p className="sh-landing__error" role="alert">{t('shell.comments.failed')}</p>}
        <Button block testId="comment-send" disabled={!stars} loading={state === 'sending'} onClick={send}>
          {t('shell.comments.send')}
        </Button>
      </main>
    </>
  )
}

/** /activity/actRule: the rules of the activities shown in popups and banners */
export function ActivityRulePage() {
  useStyles()
  const t = useT()
  return (
    <>
      <PageBar title={t('shell.activity.rulesTitle')} />
      <main className="sh-doc" data-testid="activity-rules">
        <ol>
          {t('shell.activity.rules')
            .split('\n')
            .filter(Boolean)
            .map((line, i) => (
              <li key={i}>{line}</li>
            ))}
        </ol>
      </main>
    </>
  )
}

/** /activity/template1?img=&url=&title=: an activity page: its picture and a Go button that
 *  follows its link through the shell's rules (SHELL-14); a refused or absent link draws no button */
export function ActivityTemplatePage() {
  useSignals()
  useStyles()
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const image = safeImageUrl(search.get('img'))
  const link = search.get('url') ?? ''
  const title = (search.get('title') ?? '').slice(0, 60)
  const [allowed, setAllowed] = useState(false)
  useEffect(() => {
    let live = true
    if (link) void kernel.get(shellRef)?.linkRules().then((r) => live && setAllowed(r.allows(link)))
    return () => void (live = false)
  }, [kernel, link])
  const go = () => void kernel.get(shellRef)?.linkRules().then((r) => r.follow(link))
  return (
    <>
      <PageBar title={title || t('shell.activity.title')} />
      <main className="sh-doc sh-activity" data-testid="activity-template">
        {image ? <img className="sh-activity__art" src={image} alt="" /> : <p>{t('shell.activity.none')}</p>}
        {allowed && (
          <Button block testId="activity-go" onClick={go}>
            {t('shell.activity.go')}
          </Button>
        )}
        <a className="sh-link" href="/activity/actRule" onClick={(e) => (e.preventDefault(), kernel.router.navigate('/activity/actRule'))}>
          {t('shell.activity.rulesTitle')}
        </a>
      </main>
    </>
  )
}
