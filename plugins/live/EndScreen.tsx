// LIVE-18 the live end screen: the host, Follow, Message and Video, 'Next Live', and the
// recommended live hosts (the rooms live when it opens), or a hint pointing to the homepage and
// the live streams.
import { cssImage } from '../../kernel/ui/css-image.ts'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { IconClose } from '../../kernel/ui/icons.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { callsRef } from '../calls/api.ts'
import { callHost, messageHref, toggleFollow } from './actions.ts'
import { useLive } from './hooks.ts'
import { IconChat, IconPlus, IconVideo } from './icons.tsx'

export function EndScreen({ onClose }: { onClose: () => void }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const live = useLive()
  const room = live.room
  const r = room.info.value
  const h = room.hint.value
  const name = r?.nickname || h?.nickname || ''
  const asked = live.endRecommend.value
  const recommend = (asked ?? []).slice(0, 4)
  const canCall = !!kernel.get(callsRef) && !!r
  return (
    <div className="lv-end" data-testid="live-end" data-reason={room.endReason.value ?? ''}>
      <button type="button" className="lv-icon-btn lv-end__close" data-testid="live-end-close" aria-label={t('live.close')} onClick={onClose}>
        <IconClose size={22} />
      </button>
      <Avatar src={r?.icon || h?.icon} name={name} size={92} className="lv-end__avatar" />
      <bdi className="lv-end__name">{name}</bdi>
      <p className="lv-end__title">{t('live.endedTitle')}</p>
      <div className="lv-end__actions">
        {r && (
          <button type="button" className={`lv-btn ${r.followFlag === 1 ? 'lv-btn--ghost' : 'lv-btn--primary'}`} data-testid="live-end-follow" onClick={() => void toggleFollow(kernel, room)}>
            {r.followFlag !== 1 && <IconPlus size={16} />}
            {r.followFlag === 1 ? t('live.followed') : t('live.follow')}
          </button>
        )}
        {r?.yxAccid && (
          <button type="button" className="lv-btn lv-btn--ghost" data-testid="live-end-message" onClick={() => kernel.router.navigate(messageHref(r.yxAccid))}>
            <IconChat size={16} />
            {t('live.message')}
          </button>
        )}
        {canCall && (
          <button type="button" className="lv-btn lv-btn--ghost" data-testid="live-end-video" onClick={() => callHost(kernel, room)}>
            <IconVideo size={16} />
            {t('live.video')}
          </button>
        )}
      </div>
      {asked === null ? (
        <div className="lv-end__asking" data-testid="live-end-asking">
          <Spinner />
        </div>
      ) : recommend.length ? (
        <>
          <button type="button" className="lv-btn lv-btn--primary lv-end__next" data-testid="live-next" onClick={() => live.openHint(recommend[0], 'liveEnd')}>
            {t('live.nextLive')}
          </button>
          <p className="lv-end__sub">{t('live.recommend')}</p>
          <div className="lv-end__grid">
            {recommend.map((x) => (
              <button key={x.userId} type="button" className="lv-rec" data-testid="live-recommend" onClick={() => live.openHint(x, 'liveEnd')}>
                <span className="lv-rec__img" style={cssImage(x.icon)} />
                <span className="lv-rec__live">{t('live.liveBadge')}</span>
                <bdi className="lv-rec__name">{x.nickname}</bdi>
              </button>
            ))}
          </div>
        </>
      ) : (
        <div className="lv-end__empty" data-testid="live-end-empty">
          <p>{t('live.emptyHint')}</p>
          <div className="lv-end__actions">
            <button type="button" className="lv-btn lv-btn--ghost" onClick={() => kernel.router.navigate('/wall', { replace: true })}>
              {t('live.goHome')}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
