// The in-call screen (CALL-08, CALL-10): the host's video full-bleed, the own camera in a corner,
// duration, price and the server's balance; controls that hide after 5 s and come back on a tap;
// the end button behind 'Are you sure to end this call?'; the low-balance warning with a
// recharge button when this build has the recharge plugin; and the call chat.
import { cssImage } from '../../../kernel/ui/css-image.ts'
import { formatNumber } from '../../../kernel/i18n.ts'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../../kernel/hooks.ts'
import { injectStyle } from '../../../kernel/style.ts'
import { Avatar } from '../../../kernel/ui/Avatar.tsx'
import { Spinner } from '../../../kernel/ui/Spinner.tsx'
import { IconAlert } from '../../../kernel/ui/icons.tsx'
import type { OverlayProps } from '../../../kernel/types.ts'
import { giftRef } from '../../gift/api.ts'
import { intimacyRef } from '../../intimacy/api.ts'
import { rechargeRef } from '../../recharge/api.ts'
import { CallGameType, FrontType, type CallInfo, type CallWarning } from '../api.ts'
import { CallChat } from './CallChat.tsx'
import { formatDuration } from './format.ts'
import { useCalls } from './hooks.ts'
import { IconDiamond, IconGift, IconHangUp, IconHeart, IconPlus } from './icons.tsx'
import css from './calls.css'

injectStyle(css)

/** d1 §4: call controls auto-hide after 5 s. */
export const CONTROLS_HIDE_MS = 5000

export default function CallScreen(_: OverlayProps) {
  useSignals()
  const kernel = useKernel()
  const calls = useCalls()
  const t = useT()
  const i = calls.info.value
  // d1 §4: recharging during the call hides the balance toast (the recharge sheet marks the scene)
  const warning = kernel.scene.value.payPopup ? null : calls.warning.value
  const balance = kernel.session.user.value?.diamondNum
  const link = calls.engine.link.value
  // the video dropped after it had flowed: say so at once (billing waits meanwhile)
  const reconnecting = i.began && !link.healthy
  const recharge = kernel.get(rechargeRef)
  // an optional link: the gift button shows once the gift feature has joined
  const gifts = kernel.pending.value.includes('gift') ? undefined : kernel.get(giftRef)
  const intimacy = kernel.pending.value.includes('intimacy') ? undefined : kernel.get(intimacyRef)
  const { controls, activity } = useControlsAutoHide()
  const { remote, local, video } = useCallVideo(i.channelId)
  const confirming = useRef(false)

  const end = async () => {
    activity()
    if (confirming.current) return
    confirming.current = true
    const ok = await kernel.overlays.confirm({ message: t('calls.screen.endConfirm'), ok: t('calls.screen.endOk'), cancel: t('calls.screen.keep') })
    confirming.current = false
    if (ok) calls.hangUp()
  }

  const openRecharge = () => {
    activity()
    void recharge?.open({ source: 'call', inCall: true })
  }

  return (
    <section className={`cl-full cl-call${controls ? '' : ' cl-call--bare'}`} data-testid="call-screen" data-controls={controls ? 'shown' : 'hidden'} onClick={activity}>
      <div className="cl-call__remote" ref={remote} data-testid="call-remote-video" />
      {!video && (
        <div className="cl-call__poster" aria-hidden="true">
          {cssImage(i.icon) && <div className="cl-wait__bg" style={cssImage(i.icon)} />}
          <div className="cl-call__poster-who">
            <Avatar src={i.icon} name={i.nickname} size={96} />
            <p>{t('calls.screen.connecting')}</p>
          </div>
        </div>
      )}
      <div className="cl-call__local" ref={local} data-testid="call-local-video" />
      {reconnecting && (
        <div className="cl-call__reconnect" role="status" data-testid="call-reconnecting">
          <Spinner />
          <p className="cl-call__reconnect-title">{t('calls.screen.reconnecting')}</p>
          <p className="cl-call__reconnect-note">{t('calls.screen.reconnectingNote')}</p>
        </div>
      )}

      <CallHeader info={i} quality={link.quality} />

      {warning && <BalanceWarning warning={warning} onRecharge={recharge ? openRecharge : undefined} />}

      <footer className="cl-call__bottom">
        <CallChat to={i.yxAccid} onActivity={activity} />
        <div className="cl-call__bar cl-fade">
          <div className="cl-balance" data-testid="call-balance">
            <IconDiamond size={16} />
            {/* the header's number format: one balance looks the same everywhere */}
            <span>{balance != null ? formatNumber(balance, kernel.i18n.locale.value) : '—'}</span>
            {recharge && (
              <button type="button" className="cl-balance__add" data-testid="call-recharge" aria-label={t('calls.screen.recharge')} onClick={openRecharge}>
                <IconPlus size={14} />
              </button>
            )}
          </div>
          {gifts && i.callUserId != null && (
            <button type="button" className="cl-gift" data-testid="call-gift" aria-label={t('calls.screen.gift')} onClick={() => gifts.openPanel({ scene: 'CALL', hostId: i.callUserId! })}>
              <IconGift size={24} />
            </button>
          )}
          {intimacy && i.callUserId != null && (
            <button type="button" className="cl-gift cl-bond" data-testid="call-intimacy" aria-label={t('calls.screen.intimacy')} onClick={() => intimacy.open(i.callUserId!)}>
              <IconHeart size={22} />
            </button>
          )}
          <button type="button" className="cl-round cl-round--end cl-round--small" data-testid="call-end" aria-label={t('calls.screen.end')} onClick={end}>
            <IconHangUp size={28} />
          </button>
        </div>
      </footer>
    </section>
  )
}

/** d1 §4: the controls show on any activity and hide CONTROLS_HIDE_MS after the last */
function useControlsAutoHide() {
  const calls = useCalls()
  const [controls, setControls] = useState(true)
  const hideTimer = useRef<unknown>(null)

  const activity = useCallback(() => {
    setControls(true)
    calls.timers.clearTimeout(hideTimer.current)
    hideTimer.current = calls.timers.setTimeout(() => setControls(false), CONTROLS_HIDE_MS)
  }, [calls])

  useEffect(() => {
    activity()
    return () => calls.timers.clearTimeout(hideTimer.current)
  }, [activity, calls])
  return { controls, activity }
}

/** the host's video into the big container, the own camera into the corner; video: hers is shown */
function useCallVideo(channelId: CallInfo['channelId']) {
  const kernel = useKernel()
  const calls = useCalls()
  const remote = useRef<HTMLDivElement>(null)
  const local = useRef<HTMLDivElement>(null)
  const [video, setVideo] = useState(false)
  useEffect(() => {
    let gone = false
    let off = () => {}
    const own = String(kernel.session.user.peek()?.userId ?? '')
    calls
      .rtc()
      .then((rtc) => {
        if (gone) return
        const show = (uid: string) => {
          if (!uid || uid === own || !remote.current) return
          rtc.subscribe(uid, remote.current).then(
            () => !gone && setVideo(true),
            () => {},
          )
        }
        off = rtc.on('user-published', (e) => e.mediaType === 'video' && show(e.uid))
        // one uid scheme: the host is in the video channel as her user id (she may have published already)
        const host = calls.info.peek().callUserId
        show(host == null ? '' : String(host))
        if (local.current) rtc.playLocal(local.current)
      })
      .catch(() => {})
    return () => {
      gone = true
      off()
    }
  }, [calls, kernel, channelId])
  return { remote, local, video }
}

/** who, the price (free, the free minutes left, or per minute), the link's quality and the duration */
function CallHeader({ info: i, quality }: { info: CallInfo; quality: number }) {
  const calls = useCalls()
  const t = useT()
  const matchFree = i.callGameType === CallGameType.MATCH && i.callDuration < calls.engine.config().matchFreeTime
  const free = i.free || i.callFrontGameType === FrontType.BOT
  // LIVE-14: the free minutes left, counting down, then the price a minute (as the ledger charges)
  const freeLeft = i.freeUntil != null && i.callDuration < i.freeUntil ? i.freeUntil - i.callDuration : null
  return (
    <header className="cl-call__top cl-fade">
      <div className="cl-call__who">
        <Avatar src={i.icon} name={i.nickname} size={40} />
        <div>
          <p className="cl-call__name">
            <bdi data-dialog-title>{i.nickname}</bdi>
          </p>
          <p className="cl-call__price" data-testid="call-price" data-free-left={freeLeft ?? ''}>
            {free ? t('calls.free') : freeLeft != null ? <>{t('calls.screen.freeLeft', { time: formatDuration(freeLeft) })}</> : <><IconDiamond size={13} /> {t('calls.perMin', { price: i.videoPrice })}</>}
            {matchFree && <span className="cl-chip">{t('calls.screen.freeTime')}</span>}
          </p>
        </div>
      </div>
      <p className="cl-call__duration" data-testid="call-duration">
        <QualityBars quality={quality} label={t('calls.screen.quality', { q: t(`calls.screen.q${Math.min(6, Math.max(0, quality))}`) })} />
        <span className="cl-live-dot" aria-hidden="true" />
        {formatDuration(i.callDuration)}
      </p>
    </header>
  )
}

/** the low-balance warning (or the seconds before the call ends), with a recharge when this build has one */
function BalanceWarning({ warning, onRecharge }: { warning: CallWarning; onRecharge: (() => void) | undefined }) {
  const t = useT()
  return (
    <div className="cl-warning" role="alert" data-testid="call-warning" data-units={warning.units}>
      <IconAlert size={20} />
      <span className="cl-warning__text">
        {warning.units === 0 && warning.secondsLeft != null ? t('calls.toast.endsIn', { n: warning.secondsLeft }) : t('calls.toast.lowBalance')}
      </span>
      {onRecharge && (
        <button type="button" className="cl-warning__btn" data-testid="call-warning-recharge" onClick={onRecharge}>
          {t('calls.screen.recharge')}
        </button>
      )}
    </div>
  )
}

/** Agora's quality (1 excellent .. 6 down, 0 unknown) as four bars */
function QualityBars({ quality, label }: { quality: number; label: string }) {
  const lit = quality <= 0 ? 0 : Math.max(0, 5 - quality)
  const level = quality >= 5 ? 'bad' : quality >= 3 ? 'weak' : 'good'
  return (
    <span className="cl-quality" role="img" aria-label={label} title={label} data-testid="call-quality" data-quality={quality} data-level={level}>
      {[1, 2, 3, 4].map((n) => (
        <i key={n} className={n <= lit ? 'on' : ''} style={{ blockSize: `${4 + n * 3}px` }} />
      ))}
    </span>
  )
}
