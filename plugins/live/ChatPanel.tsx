// LIVE-06 on screen: the room's chat (the capped window of chat.ts; text always as text, host
// lines with their translation below), badges (host, level, VIP, new), the record types of
// d2 §3, quick-message chips and the input; above it, who just came in (LIVE-05).
import { sentence } from '../../kernel/ui/sentence.tsx'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { effect } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useLive } from './hooks.ts'
import { createLineWriter, writeFontSamples } from './chat-lines.ts'
import { levelTier } from './rules.ts'
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

/** the lines (a new batch several times a second under load), written by chat-lines.ts straight from
 *  the window's signal, without a render of this list or anything around it. Lines are laid out
 *  from the top, so a batch that only adds lines (see TRIM_STEP) moves none already drawn; while the
 *  viewer is at the bottom, the list follows the newest line; one who scrolled up to read keeps
 *  their place (and the browser's scroll anchoring keeps it when the oldest lines go) */
function ChatLines({ t }: { t: T }) {
  useSignals()
  const room = useLive().room
  const chatStatus = room.chatStatus.value
  const list = useRef<HTMLDivElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const samples = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  const follow = () => {
    const el = list.current
    if (el && atBottom.current) el.scrollTop = el.scrollHeight
  }
  useLayoutEffect(() => {
    writeFontSamples(samples.current!, t)
    const write = createLineWriter(box.current!, t)
    return effect(() => {
      write(room.lines.value)
      follow()
    })
  }, [room, t])
  useLayoutEffect(follow, [chatStatus])
  useEffect(() => {
    const el = list.current!
    const onScroll = () => {
      atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - AT_BOTTOM_SLACK_PX
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    return () => el.removeEventListener('scroll', onScroll)
  }, [])
  return (
    <div className="lv-chat__list" data-testid="live-chat-list" ref={list}>
      <div className="lv-chat__samples" aria-hidden="true" ref={samples} />
      <div className="lv-chat__lines">
        <p className="lv-line lv-line--tip">{t('live.tips')}</p>
        <div ref={box} />
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
