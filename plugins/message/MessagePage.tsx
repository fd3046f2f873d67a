// The message tab's page: the inbox. Conversations come from the messaging client
// once logged in; empty, offline and guest states say what is going on.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Button } from '../../kernel/ui/Button.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import type { ImConversation } from '../../kernel/im/types.ts'
import { shellRef } from '../shell/api.ts'
import css from './message.css'
import { inboxRef } from './api.ts'
import { previewOf, shortTime } from './preview.ts'

export default function MessagePage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const inbox = kernel.need(inboxRef)
  const shell = kernel.get(shellRef)

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
  const list = inbox.conversations.value
  const follows = shell?.badges.followCount.value ?? 0
  const now = Date.now()
  const locale = kernel.i18n.locale.value

  let body
  if (status === 'offline' && !list.length) {
    body = <ErrorState testId="message-offline" title={t('message.offline')} retryLabel={t('message.retry')} onRetry={() => void inbox.reconnect()} />
  } else if ((status === 'connecting' || status === 'idle') && !list.length) {
    body = <PageSpinner />
  } else if (!list.length) {
    body = <EmptyState testId="message-empty" title={t('message.empty')} />
  } else {
    body = (
      <ul className="ms-list" data-testid="message-list">
        {list.map((c) => (
          <Row key={c.conversationId} c={c} now={now} locale={locale} onOpen={() => kernel.router.navigate(`/talk?to=${encodeURIComponent(c.to)}&taPath=message`)} />
        ))}
      </ul>
    )
  }

  return (
    <main className="ms-page" data-testid="message">
      {status === 'offline' && list.length > 0 && (
        <div className="ms-banner" role="status" data-testid="message-offline-banner">
          {t('message.offline')}
        </div>
      )}
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
    </main>
  )
}

function Row({ c, now, locale, onOpen }: { c: ImConversation; now: number; locale: string; onOpen: () => void }) {
  const t = useT()
  const last = c.lastMessage
  // the peer's name travels on their messages; until one arrives the account id stands in
  const name = last && last.senderId === c.to && last.fromNick ? last.fromNick : c.to
  const preview = previewOf(last)
  const time = shortTime(c.updateTime || last?.createTime || 0, now, locale)
  return (
    <li>
      <button type="button" className="ms-row" data-testid={`conversation-${c.to}`} onClick={onOpen}>
        <Avatar name={name} size={52} />
        <span className="ms-row__main">
          <span className="ms-row__top">
            <span className="ms-row__name">{name}</span>
            <span className="ms-row__time">{time.key ? t(time.key) : time.text}</span>
          </span>
          <span className="ms-row__bottom">
            <span className="ms-row__text">{preview.key ? t(preview.key) : preview.text}</span>
            {c.unreadCount > 0 && <span className="ms-count">{c.unreadCount > 99 ? '99+' : c.unreadCount}</span>}
          </span>
        </span>
      </button>
    </li>
  )
}
