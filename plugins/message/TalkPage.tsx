// IM-02 '/talk?to=&taPath=': the conversation with a host (or the recharge-service chat when `to`
// is recharge_notify). Header with the peer's status, follow and video call; the messages by
// kind, paging back when scrolled to the top; text with the anti-spam check, quick messages,
// an image, a gift when this build has a gift feature. Sent while offline: kept and sent later.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { sentence } from '../../kernel/ui/sentence.tsx'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { IconBack } from '../../kernel/ui/icons.tsx'
import { goBackOrHome } from '../../kernel/ui/PageBar.tsx'
import { PageSpinner } from '../../kernel/ui/Spinner.tsx'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { callsRef } from '../calls/api.ts'
import { giftRef } from '../gift/api.ts'
import { hostsRef } from '../wall/api.ts'
import { intimacyCardRef, isHostAccount, MessagePath, RECHARGE_NOTIFY } from './api.ts'
import { Bubble, type RowAttrs } from './Bubbles.tsx'
import { createChat, MAX_TEXT, type ChatItem } from './chat.ts'
import { Composer } from './Composer.tsx'
import { inboxControllerRef, socialRef } from './refs.ts'
import { TalkList } from './TalkList.tsx'
import css from './talk.css'

export default function TalkPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const to = search.get('to') ?? ''
  const inbox = kernel.need(inboxControllerRef)
  // an optional link: no gift button until (or unless) the gift feature joins
  const gifts = kernel.pending.value.includes('gift') ? undefined : kernel.get(giftRef)
  const chat = useMemo(() => createChat({ inbox, peer: to }), [inbox, to])
  useEffect(() => () => chat.dispose(), [chat])
  useEffect(() => void inbox.loadProfiles([to]), [inbox, to])

  const items = chat.items.value
  const status = inbox.status.value
  const profile = inbox.profiles.value.get(to)
  const locale = kernel.i18n.locale.value
  const me = inbox.me()
  const recharge = to === RECHARGE_NOTIFY
  const isMine = useCallback((m: ChatItem) => m.senderId === me || !!m.sendState, [me])
  const name = recharge ? t('message.rechargeService') : profile?.nickname || to
  const calls = kernel.get(callsRef)
  const callBack = useMemo(
    () => (calls && profile ? () => void calls.start({ hostId: profile.userId, videoPrice: Number(profile.videoPrice) || 0, source: 'talk', yxAccid: to }) : undefined),
    [calls, profile, to],
  )
  // one function while nothing it draws with changes: the list then renders only rows that come into view
  const renderMessage = useCallback(
    (m: ChatItem, row: RowAttrs) => (
      <Bubble
        m={m}
        mine={isMine(m)}
        sendState={m.sendState}
        onRetry={() => chat.retry(m.messageClientId)}
        onCallBack={callBack}
        avatar={<Avatar src={profile?.icon} name={name} size={32} className="ch-avatar" />}
        row={row}
      />
    ),
    [isMine, chat, callBack, profile?.icon, name],
  )
  const loadOlder = useCallback(() => void chat.loadOlder(), [chat])

  if (!to) return <ErrorState testId="talk-error" title={t('message.noPeer')} retryLabel={t('message.back')} onRetry={() => goBackOrHome(kernel)} />

  const body =
    chat.loading.value === 'failed' && !items.length ? (
      <ErrorState testId="talk-error" title={t('message.historyFailed')} retryLabel={t('message.retry')} onRetry={() => void chat.load()} />
    ) : !items.length && (status === 'connecting' || chat.loading.value === 'loading') ? (
      <PageSpinner />
    ) : !items.length ? (
      <div className="tk-empty" data-testid="talk-empty">
        <Avatar src={profile?.icon} name={name} size={72} />
        <p>{recharge ? t('message.rechargeEmpty') : sentence(t, 'message.sayHi', { name })}</p>
      </div>
    ) : (
      <TalkList
        items={items}
        older={chat.older.value}
        locale={locale}
        loadOlder={loadOlder}
        isMine={isMine}
        renderMessage={renderMessage}
      />
    )

  return (
    <main className="tk-page" data-testid="talk" data-peer={to}>
      <Header to={to} name={name} recharge={recharge} />
      {status !== 'ready' && status !== 'idle' && (
        <div className="tk-offline" role="status" data-testid="talk-offline">
          {status === 'connecting' ? t('message.connecting') : t('message.offlineChat')}
        </div>
      )}
      <section className="tk-body">{body}</section>
      {recharge ? (
        <div className="tk-recharge">
          <button type="button" className="tk-cta" onClick={() => kernel.router.navigate('/getcoin')} data-testid="talk-recharge">
            {t('message.rechargeNow')}
          </button>
        </div>
      ) : (
        <Composer
          maxLength={MAX_TEXT}
          onImage={(img) => chat.sendImage(img)}
          gift={gifts && profile && (profile.userType === 2 || profile.userType === 3) ? () => gifts.openPanel({ scene: 'IM', hostId: profile.userId }) : undefined}
          onSend={async (text) => {
            const body = text.trim()
            if (!body) return true
            try {
              const r = await kernel.api.post<{ result?: number }>(MessagePath.checkText, { text: body }, { silent: true })
              if (Number(r?.result)) {
                kernel.overlays.toast(t('message.messageProhibited'), { type: 'warning' })
                return false
              }
            } catch {
              kernel.overlays.toast(t('message.checkFailed'), { type: 'warning' })
              return false
            }
            const res = chat.sendText(body)
            if (res === 'queued') kernel.overlays.toast(t('message.sendOffline'), { type: 'warning' })
            return true
          }}
        />
      )}
    </main>
  )
}

function Header({ to, name, recharge }: { to: string; name: string; recharge: boolean }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const inbox = kernel.need(inboxControllerRef)
  const social = kernel.need(socialRef)
  const calls = kernel.get(callsRef)
  const hosts = kernel.get(hostsRef)
  const intimacy = kernel.get(intimacyCardRef)
  const profile = inbox.profiles.value.get(to)
  const [following, setFollowing] = useState(false)
  const host = isHostAccount(to) && !!profile && (profile.userType === 2 || profile.userType === 3)
  const pushed = profile && hosts ? hosts.statusOf(profile.userId).value : undefined
  const status = pushed ?? profile?.status
  const followed = !!profile?.followed || following

  const follow = async () => {
    if (!profile || following) return
    setFollowing(true)
    try {
      await kernel.api.post(MessagePath.follow, { followType: 1, followUserId: profile.userId, source: 'host_card' }, { silent: true })
      social.markFollowed(to)
    } catch {
      setFollowing(false)
    }
  }

  return (
    <header className="tk-head" data-testid="talk-head">
      <button type="button" className="tk-icon" aria-label={t('message.back')} onClick={() => goBackOrHome(kernel)} data-testid="talk-back">
        <IconBack size={24} />
      </button>
      <button type="button" className="tk-who" onClick={() => profile && host && kernel.router.navigate(`/detail?id=${profile.userId}&yxId=${encodeURIComponent(to)}&path=talk`)}>
        <Avatar src={profile?.icon} name={name} size={38} />
        <span className="tk-who__text">
          <bdi className="tk-name" data-testid="talk-name">{name}</bdi>
          {host && status && (
            <span className={`tk-status tk-status--${status}`} data-testid="talk-status" data-status={status}>
              <span className="tk-dot" />
              {t(`message.status.${status}`)}
            </span>
          )}
        </span>
      </button>
      {host && !recharge && (
        <span className="tk-actions">
          {!followed && (
            <button type="button" className="tk-follow" onClick={() => void follow()} disabled={following} data-testid="talk-follow">
              {t('message.follow')}
            </button>
          )}
          {intimacy && (
            <button type="button" className="tk-icon" aria-label={t('message.intimacy')} onClick={() => kernel.router.navigate(`/talk/component/intimacy-card?to=${encodeURIComponent(to)}`)} data-testid="talk-intimacy">
              ♥
            </button>
          )}
          {calls && profile && (
            <button
              type="button"
              className="tk-icon tk-icon--call"
              aria-label={t('message.videoCall')}
              data-testid="talk-call"
              onClick={() => void calls.start({ hostId: profile.userId, videoPrice: Number(profile.videoPrice) || 0, source: 'talk', yxAccid: to })}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
                <rect x="2.5" y="6" width="13" height="12" rx="3" />
                <path d="M15.5 10.5 21 7.5v9l-5.5-3z" />
              </svg>
            </button>
          )}
        </span>
      )}
    </header>
  )
}
