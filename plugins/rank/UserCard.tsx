// LIVE-13: the user card. Avatar (VIP frame), name, UID, gender and age, country, level (a host's
// grade badge; a viewer's Lv. badge), VIP tag, fans and following, the live welcome, the gift
// wall (received for hosts, sent for viewers; arrows above 5 gifts) with its empty text, and for
// hosts Follow/Followed and Message; a host's avatar opens her profile. A failed fetch closes the
// card silently (d2 §8 'card emptied silently').
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { IconClose } from '../../kernel/ui/icons.tsx'
import type { OverlayProps } from '../../kernel/types.ts'
import { LevelBadge } from '../engage/widgets.tsx'
import { answer } from '../../kernel/guard.ts'
import { RankPath, userCardAnswer, type UserCardData, type UserCardProps } from './api.ts'
import { createFollow, loader } from './state.ts'
import { useRankTimers } from './refs.ts'
import { isHostType, WALL_ARROWS_ABOVE } from './rules.ts'
import { GiftIcon } from './WeeklyTask.tsx'
import css from './rank.css'

injectStyle(css)

export const cardLinks = (c: Pick<UserCardData, 'userId' | 'yxAccid'>) => ({
  detail: `/detail?id=${c.userId}&yxId=${encodeURIComponent(c.yxAccid)}&path=host_card`,
  talk: `/talk?to=${encodeURIComponent(c.yxAccid)}&taPath=host_card`,
})

export default function UserCard({ props, close }: OverlayProps<UserCardProps>) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const card = useMemo(() => loader(() => kernel.api.post(RankPath.card, { searchValue: props.userId }, { silent: true }).then(answer(userCardAnswer, RankPath.card))), [kernel, props.userId])
  const timers = useRankTimers()
  const follow = useMemo(() => createFollow(kernel, timers), [kernel])
  const [followed, setFollowed] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => void card.load(), [card])
  useEffect(() => {
    if (card.failed.value) close()
  }, [card.failed.value])
  const c = card.data.value
  const host = !!c && isHostType(c.userType)
  const isFollow = followed ?? !!c?.isFollow
  // the fans count follows the viewer's own follow made here
  const fans = (Number(c?.fans) || 0) + (followed == null || followed === !!c?.isFollow ? 0 : followed ? 1 : -1)
  const links = c ? cardLinks(c) : null
  const go = (to: string) => {
    close()
    kernel.router.navigate(to)
  }

  return (
    <div className="rk-card" data-testid="rank-card" data-user={props.userId}>
      <button type="button" className="rk-card__close" aria-label={t('rank.close')} data-testid="rank-card-close" onClick={() => close()}>
        <IconClose size={20} />
      </button>
      {!c ? (
        <div className="rk-state" data-testid="rank-card-loading">
          <Spinner label={t('rank.loading')} />
        </div>
      ) : (
        <>
          <button
            type="button"
            className={c.vip === 1 ? 'rk-card__avatar rk-card__avatar--vip' : 'rk-card__avatar'}
            data-testid="rank-card-avatar"
            disabled={!host}
            onClick={() => host && links && go(links.detail)}
          >
            <Avatar src={c.icon} name={c.nickname} size={84} />
          </button>
          <bdi className="rk-card__name" data-testid="rank-card-name">
            {c.nickname}
          </bdi>
          <p className="rk-card__uid" data-testid="rank-card-uid">
            {t('rank.uid', { id: String(c.userId) })}
          </p>
          <div className="rk-card__tags">
            <span className={host ? 'rk-tag rk-tag--her' : 'rk-tag rk-tag--him'} data-testid="rank-card-age">
              <span aria-hidden="true">{host ? '♀' : '♂'}</span> {c.age ?? ''}
            </span>
            {c.country && <span className="rk-tag">{c.country}</span>}
            {host ? (
              c.levelName && (
                <span className="rk-grade" data-testid="rank-card-grade" data-grade={c.levelName}>
                  {c.levelName}
                </span>
              )
            ) : (
              <LevelBadge level={Number(c.levelName)} testId="rank-card-level" />
            )}
            {c.vip === 1 && <span className="rk-vip">{t('rank.vip')}</span>}
          </div>
          <div className="rk-card__counts">
            <span>
              <b data-testid="rank-card-fans">{Math.max(0, fans)}</b>
              {t('rank.fans')}
            </span>
            <span>
              <b>{Number(c.follow) || 0}</b>
              {t('rank.following')}
            </span>
          </div>
          {c.liveWelcome && <p className="rk-card__welcome">{c.liveWelcome}</p>}
          <GiftWall gifts={Array.isArray(c.giftWalls) ? c.giftWalls : []} host={host} />
          {host && links && (
            <div className="rk-card__actions">
              <button
                type="button"
                className={isFollow ? 'rk-btn rk-btn--ghost' : 'rk-btn rk-btn--primary'}
                data-testid="rank-card-follow"
                data-followed={isFollow}
                disabled={busy}
                onClick={async () => {
                  setBusy(true)
                  const now = await follow({ userId: c.userId, yxAccid: c.yxAccid, levelName: c.levelName, isFollow })
                  setBusy(false)
                  if (now == null) return
                  setFollowed(now)
                  props.onFollow?.(c.userId, now)
                }}
              >
                {isFollow ? t('rank.followed') : t('rank.follow')}
              </button>
              <button type="button" className="rk-btn rk-btn--primary" data-testid="rank-card-message" onClick={() => go(links.talk)}>
                {t('rank.message')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  )
}

/** Received (hosts) or sent (viewers) gifts; arrows scroll it when there are more than 5 */
function GiftWall({ gifts, host }: { gifts: UserCardData['giftWalls']; host: boolean }) {
  const t = useT()
  const strip = useRef<HTMLDivElement>(null)
  const scroll = (dir: 1 | -1) => {
    const el = strip.current
    if (!el) return
    const rtl = getComputedStyle(el).direction === 'rtl'
    el.scrollBy({ left: dir * (rtl ? -1 : 1) * el.clientWidth * 0.8, behavior: 'smooth' })
  }
  const arrows = gifts.length > WALL_ARROWS_ABOVE
  return (
    <section className="rk-wall" data-testid="rank-card-wall">
      <h3 className="rk-subtitle">{host ? t('rank.receivedGifts') : t('rank.sentGifts')}</h3>
      {gifts.length === 0 ? (
        <p className="rk-wall__empty" data-testid="rank-card-wall-empty">
          {host ? t('rank.wallEmptyHost') : t('rank.wallEmpty')}
        </p>
      ) : (
        <div className="rk-wall__row">
          {arrows && (
            <button type="button" className="rk-arrow" aria-label={t('rank.previous')} data-testid="rank-wall-prev" onClick={() => scroll(-1)}>
              <Chevron />
            </button>
          )}
          <div className="rk-wall__strip" ref={strip}>
            {gifts.map((g) => (
              <span key={g.giftId} className="rk-wall__gift" data-testid="rank-card-gift">
                <GiftIcon src={g.giftImg} />
                <bdi className="rk-wall__name">{g.giftName}</bdi>
                <span>{t('rank.count', { n: Number(g.giftCount) || 0 })}</span>
              </span>
            ))}
          </div>
          {arrows && (
            <button type="button" className="rk-arrow" aria-label={t('rank.next')} data-testid="rank-wall-next" onClick={() => scroll(1)}>
              <Chevron next />
            </button>
          )}
        </div>
      )}
    </section>
  )
}

/** an arrow that points the reading direction's way (flipped in right-to-left) */
function Chevron({ next }: { next?: boolean }) {
  return (
    <svg className="rk-chevron" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path d={next ? 'M9 5l7 7-7 7' : 'M15 5l-7 7 7 7'} stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  )
}
