// What the live plugin shows over any page: the full-server notice banner (LIVE-17) and, while a
// room is minimised, its picture-in-picture window (LIVE-16; its code loads when first needed).
import { sentence, shownText } from '../../kernel/ui/sentence.tsx'
import { safeImageUrl } from '../../kernel/url.ts'
import { lazy, Suspense } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { useLive } from './hooks.ts'
import type { Notice } from './notices.ts'
import css from './floating.css'

const Pip = lazy(() => import('./Pip.tsx'))

export function Floating() {
  useSignals()
  injectStyle(css)
  const live = useLive()
  const shown = live.notices.current.value
  const pip = live.room.pip.value && live.room.hostId.value != null
  return (
    <>
      {shown && <NoticeBanner notice={shown.notice} phase={shown.phase} onTap={() => live.tapNotice(shown.notice)} />}
      {pip && (
        <Suspense fallback={null}>
          <Pip />
        </Suspense>
      )}
    </>
  )
}

const MAX_COUNT = 9_999_999

function NoticeBanner({ notice: n, phase, onTap }: { notice: Notice; phase: string; onTap: () => void }) {
  const t = useT()
  const who = { sender: n.sender, receiver: n.receiver }
  // counts from data, bounded: a reward is never negative, a gift count within what a sender can send
  const reward = Math.max(0, Math.min(MAX_COUNT, Math.floor(Number(n.totalReward) || 0)))
  const count = Math.max(1, Math.min(MAX_COUNT, Math.floor(Number(n.giftNum) || 1)))
  const text = n.system
    ? <bdi>{shownText(n.text, 200)}</bdi>
    : n.attachType === 88
      ? sentence(t, 'live.notice.lucky', who, { n: reward })
      : n.attachType === 65
        ? sentence(t, 'live.notice.win', who, { n: reward })
        : sentence(t, 'live.notice.gift', who, { n: count })
  return (
    <button
      type="button"
      className={`lv-notice lv-notice--${phase} lv-notice--t${n.attachType}`}
      data-testid="live-notice"
      data-type={n.attachType}
      onClick={onTap}
      disabled={!n.hostId}
    >
      {!n.system && <Avatar src={n.senderIcon} name={n.sender} size={30} />}
      <span className="lv-notice__text">{text}</span>
      {safeImageUrl(n.giftImg) && <img className="lv-notice__gift" src={safeImageUrl(n.giftImg)} alt="" />}
      {n.hostId && <span className="lv-notice__go">{t('live.notice.go')}</span>}
    </button>
  )
}
