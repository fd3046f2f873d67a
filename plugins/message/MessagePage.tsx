// The message tab's page: the inbox. Conversations come from the messaging client
// once logged in, pinned first; strangers' greetings gather behind one entry (IM-03); a long
// press pins a chat (IM-04); the bell opens do-not-disturb. Empty, offline and guest states
// say what is going on.
import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState } from '../../kernel/ui/States.tsx'
import { InboxOffline } from './Offline.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { shellRef } from '../shell/api.ts'
import css from './message.css'
import { GREETING_PATH, RECHARGE_NOTIFY, talkHref } from './api.ts'
import type { RowAttrs } from './Bubbles.tsx'
import { ConversationList } from './ConversationList.tsx'
import { ConversationRow } from './ConversationRow.tsx'
import { DISTURB_SHEET, ROW_ACTIONS } from './ids.ts'
import { inboxControllerRef, socialRef } from './refs.ts'
import { chatsOf } from './rules.ts'

export default function MessagePage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const inbox = kernel.need(inboxControllerRef)
  const social = kernel.need(socialRef)
  const shell = kernel.get(shellRef)
  useEffect(() => void social.refresh(), [social])

  if (!kernel.session.loggedIn.value) {
    return (
      <main className="ms-page" data-testid="message">
        <EmptyState
          testId="message-guest"
          title={t('message.guestTitle')}
          message={t('message.guestBody')}
          action={<Button onClick={() => void shell?.openLogin({ to: kernel.router.path.peek(), full: true })}>{t('message.login')}</Button>}
        />
      </main>
    )
  }

  const status = inbox.status.value
  const greetings = social.greetings.value
  const list = chatsOf(inbox.conversations.value, social.notChats.value)
  const follows = shell?.badges.followCount.value ?? 0
  const any = list.length > 0 || greetings.length > 0

  let body
  if (status === 'offline' && !any) {
    body = <InboxOffline kept={false} testId="message-offline" />
  } else if ((status === 'connecting' || status === 'idle') && !any) {
    body = <PageSpinner />
  } else if (!any) {
    body = <EmptyState testId="message-empty" title={t('message.empty')} />
  } else {
    body = (
      <ConversationList
        list={list}
        greeting={greetings.length > 0 ? (row) => <GreetingEntry count={greetings.length} unread={social.greetingUnread.value} row={row} /> : undefined}
        renderRow={(c, row) => (
          <ConversationRow
            c={c}
            row={row}
            onOpen={() => kernel.router.navigate(talkHref(c.to, 'message'))}
            onActions={c.to === RECHARGE_NOTIFY ? undefined : () => void kernel.overlays.open(ROW_ACTIONS, { to: c.to, name: inbox.profiles.peek().get(c.to)?.nickname ?? c.to })}
          />
        )}
      />
    )
  }

  return (
    <main className="ms-page" data-testid="message">
      <div className="ms-top">
        <h2 className="ms-title">{t('message.chats')}</h2>
        <button type="button" className="ms-bell" aria-label={t('message.disturbTitle')} onClick={() => void kernel.overlays.open(DISTURB_SHEET)} data-testid="disturb-open">
          <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
            <path d="M10 20.5a2 2 0 0 0 4 0" />
            {Number(kernel.session.user.value?.disturb) > 0 && <path d="M3 3l18 18" />}
          </svg>
        </button>
      </div>
      {status === 'offline' && any && <InboxOffline kept testId="message-offline" />}
      {follows > 0 && (
        <div className="ms-follows" data-testid="message-follows">
          <span className="ms-follows__icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <circle cx="9" cy="8" r="3.5" />
              <path d="M2.5 19.5c.9-3.3 3.4-5 6.5-5s5.6 1.7 6.5 5M18 8v6M15 11h6" />
            </svg>
          </span>
          <span className="ms-follows__label">{t('message.follows')}</span>
          <span className="ms-count">{follows > 99 ? '99+' : follows}</span>
        </div>
      )}
      {body}
      <button type="button" className="ms-cs" onClick={() => kernel.router.navigate('/customer-talk')} data-testid="open-customer">
        <span className="ms-cs__icon" aria-hidden="true">🎧</span>
        <span>{t('message.customerService')}</span>
        {social.serviceUnread.value > 0 && <span className="ms-count" data-testid="customer-unread">{social.serviceUnread.value > 99 ? '99+' : social.serviceUnread.value}</span>}
      </button>
    </main>
  )
}

function GreetingEntry({ count, unread, row }: { count: number; unread: number; row: RowAttrs }) {
  const kernel = useKernel()
  const t = useT()
  return (
    <li {...row}>
      <button type="button" className="ms-row ms-row--greeting" onClick={() => kernel.router.navigate(GREETING_PATH)} data-testid="greeting-entry">
        <span className="ms-greet__icon" aria-hidden="true">👋</span>
        <span className="ms-row__main">
          <span className="ms-row__top">
            <span className="ms-row__name">{t('message.greetings')}</span>
          </span>
          <span className="ms-row__bottom">
            <span className="ms-row__text">{t('message.greetingCount', { n: count })}</span>
            {unread > 0 && <span className="ms-count">{unread > 99 ? '99+' : unread}</span>}
          </span>
        </span>
      </button>
    </li>
  )
}
