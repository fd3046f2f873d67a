// ENG-11 /rank: the user ranking of /api/ranking/v2/userRank by day, week and month: top 100, the
// first three crowned, diamonds abbreviated (d2 §3), and the caller's own place at the foot.
import { useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { LevelBadge } from '../engage/widgets.tsx'
import type { RankEntry } from './api.ts'
import { useLoad } from './hooks.ts'
import { RankType } from './paths.ts'
import { abbreviate, userRank } from './state.ts'
import { LoadStates, SocialPage } from './parts.tsx'

const TABS = [
  ['day', RankType.day],
  ['week', RankType.week],
  ['month', RankType.month],
] as const

/** d2 §5: '--' when unknown (0), '100+' above 100 */
export const placeOf = (rank: number) => (rank > 100 ? '100+' : rank > 0 ? String(rank) : '--')

export default function RankPage() {
  const kernel = useKernel()
  const t = useT()
  const [type, setType] = useState<number>(RankType.day)
  const [load, retry] = useLoad(() => userRank(kernel, type), [kernel, type])
  return (
    <SocialPage title={t('social.rank.title')} testId="rank">
      <div className="so-tabs" role="tablist">
        {TABS.map(([key, value]) => (
          <button key={key} type="button" role="tab" aria-selected={type === value} className={type === value ? 'so-tab so-tab--on' : 'so-tab'} data-testid={`rank-tab-${key}`} onClick={() => setType(value)}>
            {t(`social.rank.${key}`)}
          </button>
        ))}
      </div>
      <LoadStates load={load} retry={retry} id="rank" empty={(r) => (r.list.length ? null : t('social.noResults'))}>
        {(r) => (
          <>
            <ol className="so-list so-rank" data-testid="rank-list">
              {r.list.map((e) => (
                <RankRow key={e.userId} e={e} testId={`rank-${e.rank}`} />
              ))}
            </ol>
            <p className="so-foot">{t('social.rank.only100')}</p>
            {r.me && (
              <ul className="so-rank-me">
                <RankRow e={r.me} testId="rank-me" />
              </ul>
            )}
          </>
        )}
      </LoadStates>
    </SocialPage>
  )
}

function RankRow({ e, testId }: { e: RankEntry; testId: string }) {
  const t = useT()
  const crown = e.rank >= 1 && e.rank <= 3 && e.costNum > 0
  return (
    <li className="so-rank__row" data-testid={testId}>
      <span className={crown ? `so-rank__no so-rank__no--${e.rank}` : 'so-rank__no'}>{placeOf(e.rank)}</span>
      <Avatar src={e.icon} name={e.nickname} size={40} />
      <span className="so-row__who">
        <span className="so-row__name">{e.nickname}</span>
        <span className="so-rank__tags">
          <LevelBadge level={e.userLevel} testId={`${testId}-level`} />
          {e.vipFlag === 1 && <span className="so-vip">{t('social.vip')}</span>}
        </span>
      </span>
      <span className="so-rank__cost" dir="ltr">
        <span aria-hidden="true">💎</span> {abbreviate(e.costNum)}
      </span>
    </li>
  )
}
