// LIVE-06 on screen: the room's chat (the capped window of chat.ts; text always as text, host
// lines with their translation below), badges (host, level, VIP, new), the record types of
// d2 §3, quick-message chips and the input; above it, who just came in (LIVE-05).
import { sentence } from '../../kernel/ui/sentence.tsx'
import { safeImageUrl } from '../../kernel/url.ts'
import { memo, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useLive } from './hooks.ts'
import type { ChatLine } from './chat.ts'
import { giftRef } from '../gift/api.ts'
import { IconGift, IconSend } from './icons.tsx'
import { LivePaths } from './paths.ts'

type T = ReturnType<typeof useT>

/** how near the end a viewer counts as reading the newest lines (a line is about 26 px) */
const AT_BOTTOM_SLACK_PX = 8

/** the chips an app has loaded, per language: asked once, kept while the app runs (a failed or
 *  empty answer is not kept, so the next room asks again) */
const quickCache = new WeakMap<object, Map<string, string[]>>()

/** d2 §7: quick messages arrive as one comma-separated string; failures leave no chips */
function useQuickMessages(): string[] {
  const kernel = useKernel()
  const lang = kernel.i18n.locale.value
  const cached = () => quickCache.get(kernel)?.get(lang)
  const [list, setList] = useState<string[]>(cached() ?? [])
  useEffect(() => {
    const known = cached()
    if (known) return void setList(known)
    let on = true
    kernel.api
      .post<unknown>(LivePaths.quickMessages, {}, { silent: true })
      .then((res) => {
        const items = typeof res === 'string' ? res.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 8) : []
        if (items.length) quickCache.set(kernel, (quickCache.get(kernel) ?? new Map()).set(lang, items))
        if (on) setList(items)
      })
      .catch(() => undefined)
    return () => {
      on = false
    }
  }, [kernel, lang])
  return list
}

export function ChatPanel() {
  useSignals()
  const t = useT()
  const room = useLive().room
  const [draft, setDraft] = useState('')
  const quick = useQuickMessages()
  // LIVE-07: an optional link; the gift button shows once the gift feature has joined
  const kernel = useKernel()
  const gifts = kernel.pending.value.includes('gift') ? undefined : kernel.get(giftRef)
  const hostId = room.hostId.value

  const submit = async () => {
    if (await room.send(draft)) setDraft('')
  }

  return (
    <section className="lv-chat" data-testid="live-chat">
      <Arrivals t={t} />
      <ChatLines t={t} />
      {quick.length > 0 && (
        <div className="lv-chips" data-testid="live-quick">
          {quick.map((q) => (
            <button key={q} type="button" className="lv-chip" data-testid="live-quick-chip" onClick={() => void room.send(q, true)}>
              <bdi>{q}</bdi>
            </button>
          ))}
        </div>
      )}
      <form
        className="lv-input"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <input
          className="lv-input__field"
          data-testid="live-input"
          value={draft}
          maxLength={200}
          placeholder={t('live.say')}
          enterKeyHint="send"
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="lv-input__send" data-testid="live-send" aria-label={t('live.send')} disabled={!draft.trim()}>
          <IconSend size={20} />
        </button>
        {gifts && hostId != null && (
          <button type="button" className="lv-input__gift" data-testid="live-gift" aria-label={t('live.gift')} onClick={() => gifts.openPanel({ scene: 'LIVE', hostId })}>
            <IconGift size={22} />
          </button>
        )}
      </form>
    </section>
  )
}

/** the lines (a new batch every 100 ms under load): only this list re-renders for them, not the
 *  input or the chips. Lines are laid out from the top, so a batch that only adds lines (see
 *  TRIM_STEP) moves none already drawn; while the viewer is at the bottom, the list follows the
 *  newest line; one who scrolled up to read keeps their place (and the browser's scroll anchoring
 *  keeps it when the oldest lines go) */
function ChatLines({ t }: { t: T }) {
  useSignals()
  const room = useLive().room
  const lines = room.lines.value
  const chatStatus = room.chatStatus.value
  const list = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  useLayoutEffect(() => {
    const el = list.current
    if (el && atBottom.current) el.scrollTop = el.scrollHeight
  }, [lines, chatStatus])
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget
    atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - AT_BOTTOM_SLACK_PX
  }
  return (
    <div className="lv-chat__list" data-testid="live-chat-list" ref={list} onScroll={onScroll}>
      <div className="lv-chat__lines">
        <p className="lv-line lv-line--tip">{t('live.tips')}</p>
        {lines.map((l) => (
          <Line key={l.messageClientId} line={l} t={t} />
        ))}
        {chatStatus === 'failed' && (
          <p className="lv-line lv-line--tip lv-chat__failed" role="status" data-testid="live-chat-failed">
            {t('live.chatFailed')}{' '}
            <button type="button" className="lv-chat__retry" data-testid="live-chat-retry" onClick={() => room.retryChat()}>
              {t('live.chatRetry')}
            </button>
          </p>
        )}
      </div>
    </div>
  )
}

/** LIVE-05: the entrance banner and the joined name, just above the chat, never over its lines */
function Arrivals({ t }: { t: T }) {
  useSignals()
  const room = useLive().room
  const banner = room.banner.value
  const joined = room.joined.value
  return (
    <div className="lv-banners" aria-live="polite">
      {banner && (
        <div key={banner.key} className="lv-entrance" data-testid="live-entrance">
          <span className={`lv-badge lv-lvl lv-lvl--${levelTier(banner.level)}`}>{t('live.level', { n: banner.level })}</span>
          <span>{sentence(t, 'live.entered', { name: banner.nick })}</span>
        </div>
      )}
      {joined && (
        <div key={joined.key} className="lv-joined" data-testid="live-joined">
          <span>{sentence(t, 'live.joined', { name: joined.nick })}</span>
        </div>
      )}
    </div>
  )
}

const recordKey: Record<string, string> = {
  wheelRes: 'live.record.wheelRes',
  sendGiftTip: 'live.record.sendGiftTip',
  followTip: 'live.record.followTip',
  luckyGift: 'live.record.luckyGift',
  intimacyAdd: 'live.record.intimacyAdd',
  intimacyUpgrade: 'live.record.intimacyUpgrade',
  intimacyUpcomingUpgrade: 'live.record.intimacyUpcomingUpgrade',
  enterRoom: 'live.record.enterRoom',
}

const Line = memo(function Line({ line: l, t }: { line: ChatLine; t: T }) {
  const badges = (
    <>
      {l.isHost && <span className="lv-badge lv-badge--host">{t('live.host')}</span>}
      {!l.isHost && l.userLevel > 0 && <span className={`lv-badge lv-lvl lv-lvl--${levelTier(l.userLevel)}`}>{t('live.level', { n: l.userLevel })}</span>}
      {l.isVip && <span className="lv-badge lv-badge--vip">{t('live.vip')}</span>}
      {l.isNewUser && <span className="lv-badge lv-badge--new">{t('live.new')}</span>}
    </>
  )
  if (l.type !== 'text') {
    return (
      <p className={`lv-line lv-line--record lv-line--${l.type}`} data-testid="live-line" data-type={l.type}>
        {badges}
        <bdi>{t(recordKey[l.type], { name: l.fromNick, text: l.text, n: l.totalReward ?? l.giftNum ?? '' })}</bdi>
        {safeImageUrl(l.giftImg) && <img className="lv-line__gift" src={safeImageUrl(l.giftImg)} alt="" loading="lazy" />}
        {l.giftNum ? <span className="lv-line__num">×{l.giftNum}</span> : null}
      </p>
    )
  }
  return (
    <p className={`lv-line${l.isHost ? ' lv-line--host' : ''}${l.isSelf ? ' lv-line--self' : ''}`} data-testid="live-line" data-type="text">
      {badges}
      <bdi className="lv-line__nick">{l.fromNick}:</bdi> <bdi className="lv-line__text">{l.text}</bdi>
      {l.translated && (
        <span className="lv-line__translated" data-testid="live-translation">
          <bdi>{l.translated}</bdi>
        </span>
      )}
    </p>
  )
})

/** d2 §5 level badge tiers: 1-19, 20-34, 35-44, 45-49, 50-59, 60-99 */
export function levelTier(level: number): number {
  const bounds = [20, 35, 45, 50, 60]
  const i = bounds.findIndex((b) => level < b)
  return i === -1 ? 6 : i + 1
}
