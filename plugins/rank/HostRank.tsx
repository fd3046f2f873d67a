// LIVE-12: the host weekly rank popup. This Week and Last Week lists of the hosts who received
// gifts (crowns for the first three, numbers after), and the footer with this host's rank ('--'
// unknown, '100+' above 100), what she received, and 'Help her >>', which opens the gift panel
// with the send path top_gifters (hidden in a build without gifts).
import { useEffect, useMemo } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import type { OverlayProps } from '../../kernel/types.ts'
import { giftRef } from '../gift/api.ts'
import { hostRankLabel, type HostPeriod, type RoomRef } from './api.ts'
import { createHostRank } from './state.ts'
import { crownOf } from './rules.ts'
import { Crown, Diamonds, HelpHer, ListState, Tabs } from './parts.tsx'
import css from './rank.css'

injectStyle(css)

export default function HostRank({ props, close }: OverlayProps<RoomRef & { nickname?: string; icon?: string }>) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const rank = useMemo(() => createHostRank(kernel, props.hostId), [kernel, props.hostId])
  const period = rank.period.value
  const current = rank[period]
  useEffect(() => {
    if (!current.data.peek() && !current.loading.peek()) void current.load()
  }, [period])
  const answer = current.data.value
  const rows = answer?.anchorReceiveRankList ?? []
  const gift = kernel.get(giftRef)

  return (
    <Sheet title={t('rank.hostRank')} onClose={() => close()} testId="rank-host">
      <Tabs
        tabs={[
          ['week', t('rank.thisWeek')],
          ['lastWeek', t('rank.lastWeek')],
        ]}
        active={period}
        onPick={(p: HostPeriod) => (rank.period.value = p)}
      />
      <div className="rk-list" data-testid="rank-host-list" data-period={period}>
        <ListState loading={current.loading.value} failed={current.failed.value} empty={rows.length === 0} onRetry={() => void current.load()}>
          {rows.map((e, i) => {
            const crown = crownOf(i + 1, e.costNum)
            return (
              <div key={`${e.userId}-${i}`} className={e.userId === props.hostId ? 'rk-row rk-row--me' : 'rk-row'} data-testid="rank-host-row">
                <span className="rk-row__rank">{crown ? <Crown place={crown} /> : i + 1}</span>
                <Avatar src={e.icon} name={e.nickname} size={40} />
                <span className="rk-row__who">
                  <bdi className="rk-row__name">{e.nickname}</bdi>
                </span>
                <Diamonds n={e.costNum} />
              </div>
            )
          })}
        </ListState>
      </div>
      <footer className="rk-foot" data-testid="rank-host-footer">
        <span className="rk-foot__rank" data-testid="rank-host-rank">
          {answer ? hostRankLabel(answer.currentAnchorRank) : '--'}
        </span>
        <Avatar src={props.icon} name={props.nickname} size={34} />
        <span className="rk-foot__text">
          <bdi className="rk-row__name">{props.nickname}</bdi>
          <Diamonds n={answer?.costNum ?? 0} testId="rank-host-cost" />
        </span>
        {gift && (
          <HelpHer
            onClick={() => {
              close()
              gift.openPanel({ scene: 'LIVE', hostId: props.hostId, path: 'top_gifters', fromRanking: true })
            }}
          />
        )}
      </footer>
    </Sheet>
  )
}
