// IM-03 '/greeting-message': greetings from strangers (hosts never answered, not followed, never
// called), newest first, at most 99. When the list empties the page goes back to /message.
import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { InboxOffline } from './Offline.tsx'
import { talkHref } from './api.ts'
import { ConversationRow } from './ConversationRow.tsx'
import { inboxControllerRef, socialRef } from './refs.ts'
import css from './message.css'

export default function GreetingPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const inbox = kernel.need(inboxControllerRef)
  const social = kernel.need(socialRef)
  const ready = inbox.status.value === 'ready' && social.known.value
  const offline = inbox.status.value === 'offline'
  const list = social.greetings.value
  useEffect(() => void social.refresh(), [social])
  // nothing left to read here: back to the inbox
  useEffect(() => {
    if (ready && !list.length) kernel.router.navigate('/message', { replace: true })
  }, [ready, list.length, kernel])

  return (
    <main className="ms-page ms-page--sub" data-testid="greetings">
      <PageBar title={t('message.greetings')} />
      <p className="ms-hint">{t('message.greetingsHint')}</p>
      {/* as the inbox: a connection that failed with nothing kept says so and offers to try again */}
      {offline && !list.length ? (
        <InboxOffline kept={false} testId="greetings-offline" />
      ) : !ready && !list.length ? (
        <PageSpinner />
      ) : (
        <>
          {offline && <InboxOffline kept testId="greetings-offline" />}
          <ul className="ms-list" data-testid="greeting-list">
            {list.map((c) => (
              <ConversationRow key={c.conversationId} c={c} onOpen={() => kernel.router.navigate(talkHref(c.to, 'greeting'))} />
            ))}
          </ul>
        </>
      )}
    </main>
  )
}
