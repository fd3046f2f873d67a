// ENG-11: the host profile (/detail?id=&yxId=&sqec=&path=&status=). A big portrait, name, age,
// country, grade, price and a live status pill (from the wall's host store when this build has
// the wall, so status pushes repaint it), fans and following, Follow, Watch live while she is live
// (when this build has live rooms), Message and the video-call button. A double tap places one call.
import { safeImageUrl } from '../../../kernel/url.ts'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { signal } from '@preact/signals-react'
import { useKernel, useRoute, useT } from '../../../kernel/hooks.ts'
import { injectStyle } from '../../../kernel/style.ts'
import { PageSpinner } from '../../../kernel/ui/Spinner.tsx'
import { ErrorState } from '../../../kernel/ui/States.tsx'
import { IconBack } from '../../../kernel/ui/icons.tsx'
import { goBackOrHome } from '../../../kernel/ui/PageBar.tsx'
import { hostsRef, type HostStatusWord } from '../../wall/api.ts'
import { CallPath, hostDetail, type HostDetail } from '../api.ts'
import { answer } from '../../../kernel/guard.ts'
import { inboxRef, talkHref } from '../../message/api.ts'
import { flagOf, statusWord } from './format.ts'
import { useCalls } from './hooks.ts'
import { IconDiamond, IconVideo } from './icons.tsx'
import { effectivePrice } from '../rules.ts'
import { isVip } from '../../../kernel/protocol/user.ts'
import { isRouted } from '../../../kernel/router.tsx'
import { useFormat } from '../../../kernel/format.ts'
import { LIVE_PATH, liveHref } from '../../live/api.ts'
import { blocksRef, viewerBlocked } from '../../social/api.ts'
import css from './calls.css'
import { sentenceText } from '../../../kernel/ui/sentence.tsx'

/** d2 §7 follow ({ followType 1 follow | 2 unfollow, followUserId }) */
const FOLLOW_PATH = '/api/user/followUser'

injectStyle(css)

const noStatus = signal<HostStatusWord | undefined>(undefined)

export default function DetailPage() {
  useSignals()
  const kernel = useKernel()
  const calls = useCalls()
  const t = useT()
  const { search } = useRoute()
  const id = Number(search.get('id'))
  const hosts = kernel.get(hostsRef)
  const { detail, setDetail, failed, load } = useHostDetail(id)
  const [starting, setStarting] = useState(false)
  const [following, setFollowing] = useState(false)
  const [blocking, setBlocking] = useState(false)
  const startingRef = useRef(false)
  const live = useMemo(() => (hosts && id ? hosts.statusOf(id) : noStatus), [hosts, id])

  if (failed) return <DetailState><ErrorState testId="detail-error" title={t('calls.detail.loadFailed')} retryLabel={t('calls.retry')} onRetry={load} /></DetailState>
  if (!detail) return <DetailState><PageSpinner /></DetailState>

  // ENG-11: the server says whether she is blocked (the profile's answer); blocking asks it again
  const blocks = kernel.get(blocksRef)
  const blocked = viewerBlocked(detail)
  const block = async (on: boolean) => {
    if (!blocks || blocking) return
    if (on && !(await kernel.overlays.confirm({ message: t('calls.detail.blockAsk', { name: `\u2068${detail.nickname}\u2069` }), ok: t('calls.detail.block'), cancel: t('calls.detail.cancel') }))) return
    setBlocking(true)
    try {
      if (!(await blocks.set(detail, on))) return // the api client has toasted why
      kernel.overlays.toast(t(on ? 'calls.detail.blockedToast' : 'calls.detail.unblockedToast'), { type: 'success' })
      setDetail(await kernel.api.post(CallPath.detail, { userId: detail.userId }, { silent: true }).then(answer(hostDetail, CallPath.detail)))
    } catch {
      // the profile stays as the server last answered it
    } finally {
      setBlocking(false)
    }
  }

  // the store's word wins (it holds the profile's answer and then her pushes); without the wall, the profile's
  const status: HostStatusWord = live.value ?? statusWord(detail.onlineStatus)
  const user = kernel.session.user.value
  const price = effectivePrice(detail.videoPrice, { discountOffDiamond: detail.discountOffDiamond, isVip: isVip(user, Date.now()), vipDiscount: calls.engine.config().vipDiscount })
  const country = hosts?.countryOf(detail.countryId)
  const flag = country?.flag && !country.flag.includes('/') ? country.flag : flagOf(detail.countryCode ?? country?.code)

  // Follow / Unfollow: the counts shown are the server's, asked again after it answered
  const follow = async () => {
    if (!kernel.session.loggedIn.peek()) {
      kernel.events.emit('login-required', { to: kernel.router.path.peek() + '?' + search.toString() })
      return
    }
    if (following) return
    setFollowing(true)
    try {
      await kernel.api.post(FOLLOW_PATH, { followUserId: detail.userId, followType: detail.followed ? 2 : 1, yxAccid: detail.yxAccid, source: 'detail' })
      setDetail(await kernel.api.post<HostDetail>(CallPath.detail, { userId: detail.userId }, { silent: true }))
    } catch {
      // the api client has toasted why; the button stays as it was
    } finally {
      setFollowing(false)
    }
  }

  const call = async () => {
    if (startingRef.current) return
    if (!kernel.session.loggedIn.peek()) {
      kernel.events.emit('login-required', { to: kernel.router.path.peek() + '?' + search.toString() })
      return
    }
    startingRef.current = true
    setStarting(true)
    try {
      await calls.start({
        hostId: detail.userId,
        videoPrice: detail.videoPrice,
        discountOffDiamond: detail.discountOffDiamond || undefined,
        discountFlag: detail.discountOffDiamond > 0 ? 1 : 0,
        source: search.get('path') || 'detail',
        sqec: search.get('sqec') != null ? Number(search.get('sqec')) : undefined,
        yxAccid: detail.yxAccid,
      })
    } finally {
      startingRef.current = false
      setStarting(false)
    }
  }

  return (
    <main className="cl-detail" data-testid="detail" data-host-id={detail.userId}>
      <HostHero detail={detail} status={status} />
      <section className="cl-detail__card">
        <HostHeading detail={detail} flag={flag} countryName={country?.name} />
        {blocked && <BlockedNote canUnblock={!!blocks} blocking={blocking} onUnblock={() => void block(false)} />}
        {!blocked && (
          <div className="cl-detail__actions">
            <button type="button" className={`cl-follow${detail.followed ? ' cl-follow--on' : ''}`} data-testid="detail-follow" aria-pressed={detail.followed} disabled={following} onClick={() => void follow()}>
              {t(detail.followed ? 'calls.detail.followed' : 'calls.detail.follow')}
            </button>
            {status === 'live' && isRouted(kernel, LIVE_PATH) && (
              <button type="button" className="cl-watch" data-testid="detail-watch-live" onClick={() => kernel.router.navigate(liveHref(detail.userId, 'detail'))}>
                <span className="cl-watch__dot" aria-hidden="true" />
                {t('calls.detail.watchLive')}
              </button>
            )}
            {blocks && kernel.session.loggedIn.value && (
              <button type="button" className="cl-block" data-testid="detail-block" disabled={blocking} onClick={() => void block(true)}>
                {t('calls.detail.block')}
              </button>
            )}
          </div>
        )}
        <HostFacts detail={detail} price={price} />
        {detail.liveDescribe && <p className="cl-detail__about">{detail.liveDescribe}</p>}
      </section>

      {/* ENG-11: no call to her and no chat while she is blocked */}
      {!blocked && <CallBar detail={detail} price={price} starting={starting} source={search.get('path') || 'host_card'} onCall={() => void call()} />}
    </main>
  )
}

/** the profile's answer, asked again by load() (the retry) */
function useHostDetail(id: number) {
  const kernel = useKernel()
  const hosts = kernel.get(hostsRef)
  const [detail, setDetail] = useState<HostDetail | null>(null)
  const [failed, setFailed] = useState(false)
  const load = useCallback(() => {
    setFailed(false)
    setDetail(null)
    if (!(id > 0)) return setFailed(true)
    kernel.api.post(CallPath.detail, { userId: id }, { silent: true }).then(answer(hostDetail, CallPath.detail)).then(
      (d) => {
        setDetail(d)
        // NET-08: the status just answered, and from now on her pushes, through the one host store
        hosts?.track(d.userId, d.yxAccid, statusWord(d.onlineStatus))
      },
      () => setFailed(true),
    )
  }, [kernel, hosts, id])
  useEffect(load, [load])
  return { detail, setDetail, failed, load }
}

/** the page while the profile loads or after it failed: a way back and what is happening */
function DetailState({ children }: { children: ReactNode }) {
  return (
    <main className="cl-detail cl-detail--state" data-testid="detail">
      <BackButton />
      {children}
    </main>
  )
}

/** her portrait, the way back and her live status */
function HostHero({ detail, status }: { detail: HostDetail; status: HostStatusWord }) {
  const t = useT()
  const src = safeImageUrl(detail.photos?.[0] || detail.icon)
  return (
    <div className="cl-detail__hero">
      {src ? <img className="cl-detail__img" src={src} alt="" decoding="async" /> : <div className="cl-detail__img cl-detail__img--none" />}
      <div className="cl-detail__shade" aria-hidden="true" />
      <BackButton />
      <span className={`cl-pill cl-pill--${status}`} data-testid="detail-status" data-status={status}>
        <span className="cl-pill__dot" />
        {t(`calls.status.${status}`)}
      </span>
    </div>
  )
}

/** her name and grade, age and country */
function HostHeading({ detail, flag, countryName }: { detail: HostDetail; flag: string | null | undefined; countryName: string | undefined }) {
  const t = useT()
  return (
    <>
      <h1 className="cl-detail__name">
        <bdi data-testid="detail-name" title={detail.nickname}>
          {detail.nickname}
        </bdi>
        {detail.levelName && (
          <span className={`cl-grade cl-grade--${detail.levelName.toLowerCase()}`} data-testid="detail-grade" title={sentenceText(t, 'calls.detail.level', { grade: detail.levelName })}>
            {detail.levelName}
          </span>
        )}
      </h1>
      <p className="cl-detail__meta">
        {detail.age != null && (
          <span className="cl-detail__age" data-testid="detail-age">
            {t('calls.age', { age: detail.age })}
          </span>
        )}
        {(flag || countryName) && (
          <span className="cl-detail__country" data-testid="detail-country">
            {flag && <span aria-hidden="true">{flag}</span>}
            {countryName && <bdi title={countryName}>{countryName}</bdi>}
          </span>
        )}
      </p>
    </>
  )
}

/** ENG-11: the viewer blocked her, and the way to undo it when this build can */
function BlockedNote({ canUnblock, blocking, onUnblock }: { canUnblock: boolean; blocking: boolean; onUnblock: () => void }) {
  const t = useT()
  return (
    <div className="cl-detail__blocked" role="status" data-testid="detail-blocked">
      <span>{t('calls.detail.youBlocked')}</span>
      {canUnblock && (
        <button type="button" className="cl-unblock" data-testid="detail-unblock" disabled={blocking} onClick={onUnblock}>
          {t('calls.detail.unblock')}
        </button>
      )}
    </div>
  )
}

/** her price per minute (struck through when a discount applies), fans and following */
function HostFacts({ detail, price }: { detail: HostDetail; price: number }) {
  const t = useT()
  const f = useFormat()
  return (
    <dl className="cl-detail__facts">
      <div>
        <dt>{t('calls.detail.callPrice')}</dt>
        <dd data-testid="detail-price">
          <IconDiamond size={15} /> {t('calls.perMin', { price })}
          {price !== detail.videoPrice && <s className="cl-detail__was">{f.number(detail.videoPrice)}</s>}
        </dd>
      </div>
      <div>
        <dt>{t('calls.detail.fans')}</dt>
        <dd data-testid="detail-fans">{f.number(detail.fansNum)}</dd>
      </div>
      <div>
        <dt>{t('calls.detail.following')}</dt>
        <dd data-testid="detail-following">{f.number(detail.followNum)}</dd>
      </div>
    </dl>
  )
}

/** Message (when this build has the inbox) and the video-call button with the price a tap commits to */
function CallBar({ detail, price, starting, source, onCall }: { detail: HostDetail; price: number; starting: boolean; source: string; onCall: () => void }) {
  const kernel = useKernel()
  const t = useT()
  return (
    <div className="cl-detail__cta">
      {kernel.get(inboxRef) && (
        <button type="button" className="cl-detail__chat" data-testid="detail-chat" aria-label={t('calls.detail.chat')} onClick={() => kernel.router.navigate(talkHref(detail.yxAccid, source))}>
          <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
            <path d="M4 5h16v11H9l-5 4z" />
          </svg>
        </button>
      )}
      <button type="button" className="cl-cta" data-testid="detail-call" aria-busy={starting || undefined} onClick={onCall}>
        <IconVideo size={26} />
        <span>{t('calls.detail.call')}</span>
        {/* the price a tap commits to, on the button itself */}
        <span className="cl-cta__price" data-testid="detail-call-price">
          <IconDiamond size={14} /> {t('calls.perMin', { price })}
        </span>
      </button>
    </div>
  )
}

function BackButton() {
  const kernel = useKernel()
  const t = useT()
  return (
    <button type="button" className="cl-back" data-testid="detail-back" aria-label={t('calls.back')} onClick={() => goBackOrHome(kernel)}>
      <IconBack size={24} />
    </button>
  )
}
