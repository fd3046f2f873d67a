// LIVE-15: the intimacy bind sheet's body (d2 §2.11), shared by the room's sheet and the chat's
// card: the pair (her face, the level or a lock at level 0), and the tabs Privileges (locked above
// the pair's level) and Increase (the level bar, the level gift, and what adds experience with
// today's share against the daily limit; limits 0, -1 and null are hidden).
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { formatNumber } from '../../kernel/i18n.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { IconLock } from '../../kernel/ui/icons.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { safeImageUrl } from '../../kernel/url.ts'
import { shownLimit, type ExperienceConfig, type IntimacyInfo } from './api.ts'
import { IconBubble, IconCamera, IconHeart, IconPresent } from './icons.tsx'
import { isFull, progressOf, type Intimacy } from './state.ts'
import css from './intimacy.css'

injectStyle(css)

type Tab = 'privileges' | 'increase'

export function IntimacyPanel({ intimacy, initialTab = 'privileges' }: { intimacy: Intimacy; initialTab?: Tab }) {
  useSignals()
  const t = useT()
  const [tab, setTab] = useState<Tab>(initialTab)
  useEffect(() => {
    void intimacy.load()
    void intimacy.loadPrivileges()
  }, [intimacy])
  const info = intimacy.info.value
  const status = intimacy.status.value
  if (status === 'failed') return <ErrorState testId="intimacy-error" title={t('intimacy.loadFailed')} retryLabel={t('intimacy.retry')} onRetry={() => void intimacy.load()} />
  if (!info) return <Loading />
  return (
    <div className="im-panel" data-testid="intimacy-panel" data-level={info.level}>
      <Pair info={info} />
      <div className="im-tabs" role="tablist">
        {(['privileges', 'increase'] as const).map((id) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} className={`im-tab${tab === id ? ' im-tab--on' : ''}`} data-testid={`intimacy-tab-${id}`} onClick={() => setTab(id)}>
            {t(`intimacy.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'privileges' ? <Privileges intimacy={intimacy} level={info.level} /> : <Increase intimacy={intimacy} info={info} />}
    </div>
  )
}

function Loading() {
  return (
    <div className="im-loading" data-testid="intimacy-loading">
      <Spinner />
    </div>
  )
}

/** her face and the level: a lock when not bound (level 0) */
function Pair({ info }: { info: IntimacyInfo }) {
  const t = useT()
  const bound = info.level > 0
  return (
    <header className="im-pair">
      <Avatar src={info.avatarUrl} name={info.nickname} size={56} />
      <span className={`im-bond${bound ? ' im-bond--on' : ''}`} data-testid="intimacy-bond">
        {bound ? <IconHeart size={26} /> : <IconLock size={22} />}
        {bound && <b className="im-bond__lv">{info.level}</b>}
      </span>
      <span className="im-pair__text">
        <bdi className="im-pair__name">{info.nickname}</bdi>
        <span className="im-pair__level" data-testid="intimacy-level">
          {bound ? t('intimacy.level', { n: info.level }) : t('intimacy.notBound')}
          {bound && info.bindTime > 0 && <span className="im-muted"> · {t('intimacy.bound', { n: info.bindTime })}</span>}
        </span>
      </span>
    </header>
  )
}

function Privileges({ intimacy, level }: { intimacy: Intimacy; level: number }) {
  useSignals()
  const t = useT()
  const list = intimacy.privileges.value ?? intimacy.info.value?.privilegeList ?? []
  if (!list.length && intimacy.privilegeStatus.value === 'loading') return <Loading />
  if (!list.length && intimacy.privilegeStatus.value === 'failed') {
    return <ErrorState testId="intimacy-privileges-error" title={t('intimacy.loadFailed')} retryLabel={t('intimacy.retry')} onRetry={() => void intimacy.loadPrivileges()} />
  }
  if (!list.length) return <EmptyState testId="intimacy-privileges-empty" title={t('intimacy.noPrivileges')} />
  return (
    <ul className="im-list" data-testid="intimacy-privileges">
      {list.map((p, i) => {
        const locked = level < p.level
        return (
          <li key={i} className={`im-priv${locked ? ' im-priv--locked' : ''}`} data-testid="intimacy-privilege" data-locked={locked}>
            {safeImageUrl(p.icon) ? <img className="im-priv__icon" src={safeImageUrl(p.icon)} alt="" width={40} height={40} /> : <span className="im-priv__icon im-priv__icon--none" />}
            <span className="im-priv__text" dir="auto">
              {p.content}
            </span>
            <span className="im-priv__state" aria-label={t(locked ? 'intimacy.locked' : 'intimacy.unlocked')}>
              {locked && <IconLock size={14} />}
              {t('intimacy.unlocksAt', { n: p.level })}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

function Increase({ intimacy, info }: { intimacy: Intimacy; info: IntimacyInfo }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const locale = kernel.i18n.locale.value
  const max = info.upNeddExperienceValue == null
  const full = isFull(info)
  const next = info.level + 1
  return (
    <div className="im-increase" data-testid="intimacy-increase">
      <section className="im-bar-box">
        <div className="im-bar__head">
          <span>{max ? t('intimacy.maxLevel') : t('intimacy.toNext', { n: next })}</span>
          {!max && (
            <span dir="ltr" data-testid="intimacy-progress">
              {t('intimacy.progress', { value: formatNumber(info.experienceValue, locale), need: formatNumber(info.upNeddExperienceValue ?? 0, locale) })}
            </span>
          )}
        </div>
        <div className="im-bar" role="progressbar" aria-label={t('intimacy.title')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progressOf(info) * 100)} data-testid="intimacy-bar">
          <span className="im-bar__fill" style={{ inlineSize: `${progressOf(info) * 100}%` }} />
        </div>
        {max && (
          <p className="im-max" data-testid="intimacy-max">
            {t('intimacy.maxLevel')}
          </p>
        )}
      </section>
      {!max && info.gift && (
        <section className="im-gift" data-testid="intimacy-gift">
          {safeImageUrl(info.gift.giftSmallImg) ? <img className="im-gift__img" src={safeImageUrl(info.gift.giftSmallImg)} alt="" width={52} height={52} /> : <IconHeart size={40} />}
          <span className="im-gift__text">
            <b>{t('intimacy.levelGift')}</b>
            {intimacy.pending.value ? (
              <span className="im-muted" role="status" data-testid="intimacy-pending">
                {t('intimacy.pending')}
              </span>
            ) : (
              <span className="im-muted">{t(full ? 'intimacy.giftReady' : 'intimacy.giftHint', { n: next })}</span>
            )}
          </span>
          <button
            type="button"
            className={`im-gift__send${full ? '' : ' im-gift__send--off'}`}
            aria-disabled={!full}
            disabled={intimacy.sending.value}
            data-testid="intimacy-send"
            data-full={full}
            onClick={() => void intimacy.sendGift()}
          >
            <Diamond />
            {formatNumber(info.gift.giftPrice, locale)}
          </button>
        </section>
      )}
      {info.addExperienceConfig && <Sources c={info.addExperienceConfig} />}
    </div>
  )
}

/** chat, gifts and calls: what each adds, and today's share (against the limit when there is one) */
function Sources({ c }: { c: ExperienceConfig }) {
  const t = useT()
  const rows = [
    { id: 'chat', Icon: IconBubble, add: c.chatAdd, limit: c.chatLimit, today: c.chatToday },
    { id: 'gift', Icon: IconPresent, add: c.giftAdd, limit: c.giftLimit, today: c.giftToday },
    { id: 'call', Icon: IconCamera, add: c.callAdd, limit: c.callLimit, today: c.callToday },
  ] as const
  return (
    <section className="im-sources">
      <h3 className="im-sources__title">{t('intimacy.howTitle')}</h3>
      <ul className="im-list">
        {rows.map((r) => {
          const limit = shownLimit(r.limit)
          return (
            <li key={r.id} className="im-source" data-testid={`intimacy-source-${r.id}`}>
              <span className={`im-source__icon im-source__icon--${r.id}`}>
                <r.Icon size={18} />
              </span>
              <span className="im-source__text">
                <b>{t(`intimacy.${r.id}`)}</b>
                <span className="im-muted">{t(`intimacy.${r.id}How`, { n: r.add })}</span>
              </span>
              <span className="im-source__today" data-testid={`intimacy-today-${r.id}`} data-limit={limit ?? ''}>
                {limit != null ? t('intimacy.todayLimit', { n: r.today, limit }) : t('intimacy.today', { n: r.today })}
              </span>
              {limit != null && (
                <span className="im-source__bar">
                  <span style={{ inlineSize: `${Math.min(100, (r.today / limit) * 100)}%` }} />
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function Diamond() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M6.5 4.5h11l3.5 5-9 10-9-10z" />
    </svg>
  )
}
