// LIVE-11: the viewer ranking popup. Viewers (the people in the room) and Top Gifter with Now,
// Today and Week; the Week podium (2nd, 1st, 3rd, crowned) then 97 rows; each row with rank or
// crown, avatar, name in its level's bar, level badge, VIP badge and diamonds (k, m); the
// footer with the viewer's own rank and spend or 'Get close to the streamer', and the gift
// button (hidden in a build without gifts); 'Only 100 users are shown'. A row opens the user card.
import { useEffect, useMemo, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import type { OverlayProps } from '../../kernel/types.ts'
import { LevelBadge, NameBar } from '../engage/widgets.tsx'
import { giftRef } from '../gift/api.ts'
import { RankOverlay, type FanPeriod, type RankEntry, type RoomRef } from './api.ts'
import { createFanRank } from './state.ts'
import { useRankTimers } from './refs.ts'
import { crownOf, podiumOf } from './rules.ts'
import { Crown, Diamonds, ListState, Tabs } from './parts.tsx'
import css from './rank.css'

injectStyle(css)

export interface ViewerRankProps extends RoomRef {
  tab?: 'viewers' | 'gifters'
}

export default function ViewerRank({ props, close }: OverlayProps<ViewerRankProps>) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const timers = useRankTimers()
  const rank = useMemo(() => createFanRank(kernel, props, timers), [kernel, props.hostId])
  const [tab, setTab] = useState<'viewers' | 'gifters'>(props.tab ?? 'gifters')
  const gift = kernel.get(giftRef)

  useEffect(() => {
    void rank.open()
    return rank.dispose
  }, [rank])
  useEffect(() => {
    if (tab === 'viewers' && !rank.viewers.data.peek() && !rank.viewers.loading.peek()) void rank.viewers.load()
  }, [tab])

  const openCard = (userId: number) => void kernel.overlays.open(RankOverlay.card, { userId })
  const period = rank.period.value
  const current = rank.periods[period]
  const answer = current.data.value
  const rows = answer?.rows ?? []
  const me = answer?.me ?? null

  return (
    <Sheet onClose={() => close()} testId="rank-viewers">
      <Tabs
        tabs={[
          ['viewers', t('rank.viewers')],
          ['gifters', t('rank.topGifter')],
        ]}
        active={tab}
        onPick={setTab}
      />
      {tab === 'viewers' ? (
        <ViewerList rank={rank} onPick={openCard} />
      ) : (
        <>
          <Tabs
            small
            tabs={[
              ['now', t('rank.now')],
              ['today', t('rank.today')],
              ['week', t('rank.week')],
            ]}
            active={period}
            onPick={(p: FanPeriod) => rank.select(p)}
          />
          <div className="rk-list" data-testid="rank-list" data-period={period}>
            <ListState loading={current.loading.value} failed={current.failed.value} empty={rows.length === 0} onRetry={() => void current.load()}>
              {period === 'week' ? <Podium rows={rows} onPick={openCard} /> : rows.map((e) => <Row key={e.userId} e={e} onPick={openCard} />)}
              <p className="rk-note" data-testid="rank-note">
                {t('rank.only100')}
              </p>
            </ListState>
          </div>
          <footer className="rk-foot" data-testid="rank-footer">
            <span className="rk-foot__rank">{me && me.rank > 0 ? me.rank : '-'}</span>
            <Avatar src={kernel.session.user.value?.icon} name={kernel.session.user.value?.nickname} size={34} />
            <span className="rk-foot__text" data-testid="rank-me">
              {me && me.rank > 0 && me.costNum > 0 ? <Diamonds n={me.costNum} /> : t('rank.getClose')}
            </span>
            {gift && (
              <button
                type="button"
                className="rk-btn rk-btn--gift"
                data-testid="rank-gift"
                onClick={() => {
                  close()
                  gift.openPanel({ scene: 'LIVE', hostId: props.hostId, fromRanking: true })
                }}
              >
                {t('rank.gift')}
              </button>
            )}
          </footer>
        </>
      )}
    </Sheet>
  )
}

function Row({ e, onPick }: { e: RankEntry; onPick: (id: number) => void }) {
  const t = useT()
  const crown = crownOf(e.rank, e.costNum)
  return (
    <button type="button" className="rk-row" data-testid="rank-row" data-user={e.userId} onClick={() => onPick(e.userId)}>
      <span className="rk-row__rank">{crown ? <Crown place={crown} /> : e.rank}</span>
      <Avatar src={e.icon} name={e.nickname} size={40} />
      <span className="rk-row__who">
        <NameBar level={e.userLevel}>
          <bdi className="rk-row__name">{e.nickname}</bdi>
        </NameBar>
        <span className="rk-row__badges">
          <LevelBadge level={e.userLevel} />
          {e.vipFlag === 1 && <span className="rk-vip">{t('rank.vip')}</span>}
        </span>
      </span>
      <Diamonds n={e.costNum} testId="rank-cost" />
    </button>
  )
}

/** the Week tab: the first three on a podium shown 2nd, 1st, 3rd, then the rest (97) */
function Podium({ rows, onPick }: { rows: RankEntry[]; onPick: (id: number) => void }) {
  const { podium, rest } = podiumOf(rows)
  return (
    <>
      <div className="rk-podium" data-testid="rank-podium">
        {podium.map(({ entry: e, place }) => (
          <button key={e.userId} type="button" className={`rk-step rk-step--${place}`} data-testid="rank-step" data-place={place} onClick={() => onPick(e.userId)}>
            {crownOf(place, e.costNum) && <Crown place={place as 1 | 2 | 3} />}
            <Avatar src={e.icon} name={e.nickname} size={place === 1 ? 64 : 52} />
            <bdi className="rk-step__name">{e.nickname}</bdi>
            <Diamonds n={e.costNum} />
            <span className="rk-step__block">{place}</span>
          </button>
        ))}
      </div>
      {rest.map((e) => (
        <Row key={e.userId} e={e} onPick={onPick} />
      ))}
    </>
  )
}

function ViewerList({ rank, onPick }: { rank: ReturnType<typeof createFanRank>; onPick: (id: number) => void }) {
  const t = useT()
  const list = rank.viewers.data.value ?? []
  return (
    <div className="rk-list" data-testid="rank-viewer-list">
      <ListState loading={rank.viewers.loading.value} failed={rank.viewers.failed.value} empty={list.length === 0} onRetry={() => void rank.viewers.load()}>
        {list.map((v, i) => {
          const level = Number(v.userLevelName) || 0
          return (
            <button key={`${v.userId}-${i}`} type="button" className="rk-row" data-testid="rank-viewer" onClick={() => onPick(v.userId)}>
              <Avatar src={v.icon} name={v.nickname} size={40} />
              <span className="rk-row__who">
                <NameBar level={level}>
                  <bdi className="rk-row__name">{v.nickname}</bdi>
                </NameBar>
                <span className="rk-row__badges">
                  <LevelBadge level={level} />
                  {v.vipFlag === 1 && <span className="rk-vip">{t('rank.vip')}</span>}
                </span>
              </span>
            </button>
          )
        })}
      </ListState>
    </div>
  )
}
