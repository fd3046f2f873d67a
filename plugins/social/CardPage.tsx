// ENG-11 /card?id=: a user's card (d2 §3 user card data): picture, name, UID, age, country, level,
// VIP, fans and following, the welcome line; for a host Follow, Message, Favourite, Block and Report.
import { useRef } from 'react'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { talkHref } from '../message/api.ts'
import { reportLink, SocialRoute, type UserCard } from './api.ts'
import { useLoad } from './hooks.ts'
import { setBlocked, setCollected, setFollowed, userCard } from './state.ts'
import { LoadStates, SocialPage } from './parts.tsx'
import { sentenceText } from '../../kernel/ui/sentence.tsx'

export default function CardPage() {
  const kernel = useKernel()
  const t = useT()
  const id = Number(useRoute().search.get('id'))
  const [load, retry, set] = useLoad(() => (id > 0 ? userCard(kernel, id) : Promise.resolve(null)), [kernel, id])
  const busy = useRef(false)

  /** one change at a time; the card shows the new mark only once the server agreed */
  async function change(card: UserCard, run: () => Promise<boolean>, patch: Partial<UserCard>, done?: string) {
    if (busy.current) return
    busy.current = true
    const ok = await run()
    busy.current = false
    if (!ok) return
    set({ ...card, ...patch })
    if (done) kernel.overlays.toast(done, { type: 'success' })
  }

  async function block(card: UserCard) {
    if (!card.isBlock && !(await kernel.overlays.confirm({ message: sentenceText(t, 'social.card.blockAsk', { name: card.nickname }), ok: t('social.block'), cancel: t('social.cancel') }))) return
    const on = !card.isBlock
    await change(card, () => setBlocked(kernel, card, on), { isBlock: on }, t(on ? 'social.blocked' : 'social.unblocked'))
  }

  return (
    <SocialPage title={t('social.card.title')} testId="card">
      <LoadStates load={load} retry={retry} id="card" empty={(c) => (c ? null : t('social.card.missing'))}>
        {(c) => {
          const card = c as UserCard
          const host = card.userType === 2 || card.userType === 3
          return (
            <section className="so-card" data-testid={`card-${card.userId}`}>
              <Avatar src={card.icon} name={card.nickname} size={88} className={card.vip ? 'so-card__vip' : undefined} />
              <h2 className="so-card__name">
                {card.nickname}
                {card.vip === 1 && <span className="so-vip">{t('social.vip')}</span>}
              </h2>
              <p className="so-card__meta" dir="auto">
                {[`ID ${card.userId}`, card.age ? t('social.age', { n: card.age }) : '', card.country, card.levelName ? (host ? card.levelName : `Lv.${card.levelName}`) : ''].filter(Boolean).join(' · ')}
              </p>
              <dl className="so-card__counts">
                <div>
                  <dt>{t('social.card.fans')}</dt>
                  <dd data-testid="card-fans">{card.fans}</dd>
                </div>
                <div>
                  <dt>{t('social.card.following')}</dt>
                  <dd>{card.follow}</dd>
                </div>
              </dl>
              {card.liveWelcome && <p className="so-card__welcome">{card.liveWelcome}</p>}
              {host && (
                <>
                  <div className="so-card__main">
                    <button type="button" className={card.isFollow ? 'so-btn so-btn--soft' : 'so-btn'} data-testid="card-follow" onClick={() => void change(card, () => setFollowed(kernel, card, !card.isFollow), { isFollow: !card.isFollow, fans: card.fans + (card.isFollow ? -1 : 1) })}>
                      {t(card.isFollow ? 'social.card.followed' : 'social.card.follow')}
                    </button>
                    <button type="button" className="so-btn so-btn--soft" data-testid="card-message" onClick={() => kernel.router.navigate(talkHref(card.yxAccid, SocialRoute.card))}>
                      {t('social.message')}
                    </button>
                  </div>
                  <div className="so-card__more">
                    <button type="button" className="so-link" data-testid="card-collect" aria-pressed={card.isCollect} onClick={() => void change(card, () => setCollected(kernel, card.userId, !card.isCollect), { isCollect: !card.isCollect }, t(card.isCollect ? 'social.collect.removed' : 'social.collect.added'))}>
                      {t(card.isCollect ? 'social.collect.remove' : 'social.collect.add')}
                    </button>
                    <button type="button" className="so-link so-link--danger" data-testid="card-block" onClick={() => void block(card)}>
                      {t(card.isBlock ? 'social.unblock' : 'social.block')}
                    </button>
                    <button type="button" className="so-link so-link--danger" data-testid="card-report" onClick={() => kernel.router.navigate(reportLink(card.userId, card.levelName, SocialRoute.report))}>
                      {t('social.report')}
                    </button>
                  </div>
                </>
              )}
            </section>
          )
        }}
      </LoadStates>
    </SocialPage>
  )
}
