// IM-06 '/customer', '/customer/ar', '/customer-talk?isGamePath=': customer service. The robot
// greets (the auto-reply placeholder), quick-question chips from the auto_reply dictionary open
// FAQ answers, sub-questions and copy operations; text and images go to the service account
// over messaging. Back opens the game popup when opened from a game (and this build has games).
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../../kernel/hooks.ts'
import { injectStyle } from '../../../kernel/style.ts'
import { IconBack } from '../../../kernel/ui/icons.tsx'
import { goBackOrHome } from '../../../kernel/ui/PageBar.tsx'
import { gamePopupRef } from '../api.ts'
import { Bubble, TimeLine } from '../Bubbles.tsx'
import { createChat, MAX_TEXT, type ChatItem } from '../chat.ts'
import { Composer } from '../Composer.tsx'
import { needsTimeLine } from '../rules.ts'
import { scrollToBottom } from '../scroll.ts'
import { copyText, CustomerPath, DEFAULT_CS_ACCOUNT, firstAccount, parseChips, parseQuestions, replyText, type FaqQuestion, type QuickChip } from './faq.ts'
import { createRobot, type RobotItem } from './robot.ts'
import talkCss from '../talk.css'
import css from './customer.css'
import { inboxControllerRef } from '../refs.ts'

type Entry = { at: number; im?: ChatItem; robot?: RobotItem }

export default function CustomerPage() {
  useSignals()
  injectStyle(talkCss)
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { path, search } = useRoute()
  const arabic = path === '/customer/ar'
  const inbox = kernel.need(inboxControllerRef)
  const [account, setAccount] = useState(DEFAULT_CS_ACCOUNT)
  const [faq, setFaq] = useState<FaqQuestion[]>([])
  const [chips, setChips] = useState<QuickChip[] | null>(null)
  const [panel, setPanel] = useState(true)
  const robot = useMemo(() => createRobot(), [])
  const chat = useMemo(() => createChat({ inbox, peer: account }), [inbox, account])
  useEffect(() => () => chat.dispose(), [chat])
  const listRef = useRef<HTMLUListElement>(null)

  useEffect(() => {
    const post = <T,>(p: string, body: object = {}) => kernel.api.post<T>(p, { ...body, ...(arabic && { lang: 'ar' }) }, { silent: true })
    robot.enter(t('message.cs.welcome'))
    // answers read through their guards (faq.ts): only text reaches the page
    void post(CustomerPath.accounts).then((l) => { const a = firstAccount(l); if (a) setAccount(a) }, () => undefined)
    void post(CustomerPath.replyInfo).then((r) => { const text = replyText(r); if (text) robot.enter(text) }, () => undefined)
    void post(CustomerPath.problems).then((q) => setFaq(parseQuestions(q)), () => setFaq([]))
    void post(CustomerPath.dict, { dictType: 'auto_reply' }).then((c) => setChips(parseChips(c)), () => setChips([]))
    return () => robot.exit()
  }, [kernel, robot, arabic])

  const me = inbox.me()
  const entries: Entry[] = [...chat.items.value.map((im) => ({ at: im.createTime, im })), ...robot.items.value.map((r) => ({ at: r.time, robot: r }))].sort((a, b) => a.at - b.at)
  const times = entries.map((e) => e.at)
  const locale = kernel.i18n.locale.value

  // IM-06: to the end, retrying 5 times 200 ms apart, whenever the list grows
  useLayoutEffect(() => scrollToBottom(listRef.current), [entries.length])

  const back = () => {
    // opened from the game list: back to the page under it, with the list open again
    goBackOrHome(kernel)
    if (search.get('isGamePath')) kernel.get(gamePopupRef)?.open()
  }

  const ask = (id: string) => {
    const q = faq.find((x) => String(x.id) === id)
    if (q) robot.ask(q)
  }

  return (
    <main className="tk-page" data-testid="customer">
      <header className="tk-head">
        <button type="button" className="tk-icon" aria-label={t('message.back')} onClick={back} data-testid="customer-back">
          <IconBack size={24} />
        </button>
        <span className="cs-who">
          <span className="cs-face" aria-hidden="true">🎧</span>
          <span className="tk-who__text">
            <span className="tk-name">{t('message.customerService')}</span>
            <span className="tk-status tk-status--online">
              <span className="tk-dot" />
              {t('message.cs.online')}
            </span>
          </span>
        </span>
      </header>
      <section className="tk-body">
        <ul className="tk-list" ref={listRef} data-testid="customer-list">
          {entries.map((e, i) => (
            <EntryRow key={e.im?.messageClientId ?? e.robot!.id} showTime={needsTimeLine(times, i)} at={e.at} locale={locale}>
              {e.im ? (
                <Bubble m={e.im} mine={e.im.senderId === me || !!e.im.sendState} sendState={e.im.sendState} onRetry={() => chat.retry(e.im!.messageClientId)} avatar={<span className="cs-face cs-face--s">🎧</span>} />
              ) : (
                <RobotBubble item={e.robot!} onAsk={(q) => robot.ask(q)} />
              )}
            </EntryRow>
          ))}
        </ul>
      </section>
      <div className="cs-panel">
        <button type="button" className="cs-toggle" onClick={() => setPanel((p) => !p)} data-testid="customer-faq-toggle" aria-expanded={panel}>
          {t('message.cs.faq')} {panel ? '▾' : '▴'}
        </button>
        {panel && chips && chips.length > 0 && (
          <div className="cp-quick" data-testid="customer-chips">
            {chips.map((c) => (
              <button type="button" key={c.dictValue} className="cp-chip" onClick={() => ask(c.dictValue)} data-testid="customer-chip">
                {c.dictLabel}
              </button>
            ))}
          </div>
        )}
      </div>
      <Composer
        noQuick
        maxLength={MAX_TEXT}
        onImage={(img) => {
          if (chat.sendImage(img) === 'queued') kernel.overlays.toast(t('message.sendOffline'), { type: 'warning' })
        }}
        onSend={async (text) => {
          // d3 §5: empty text is ignored
          if (!text.trim()) return true
          if (chat.sendText(text) === 'queued') kernel.overlays.toast(t('message.sendOffline'), { type: 'warning' })
          return true
        }}
      />
    </main>
  )
}

function EntryRow({ showTime, at, locale, children }: { showTime: boolean; at: number; locale: 'en' | 'ar'; children: React.ReactNode }) {
  return (
    <>
      {showTime && <TimeLine at={at} locale={locale} />}
      {children}
    </>
  )
}

function RobotBubble({ item, onAsk }: { item: RobotItem; onAsk: (q: FaqQuestion) => void }) {
  const kernel = useKernel()
  const t = useT()
  if (item.kind === 'ask') {
    return (
      <li className="ch-row ch-row--mine" data-testid="customer-ask">
        <div className="ch-bubble">
          <span className="ch-text" dir="auto">{item.text}</span>
        </div>
      </li>
    )
  }
  const face = <span className="cs-face cs-face--s">🤖</span>
  if (item.kind === 'auto') {
    return (
      <li className="ch-row" data-testid="customer-auto-reply">
        {face}
        <div className="ch-bubble">
          <span className="ch-text" dir="auto">{item.text}</span>
        </div>
      </li>
    )
  }
  const q = item.question
  const copy = async () => {
    const ok = await copyText(q.operationContent ?? '')
    kernel.overlays.toast(t(ok ? 'message.cs.copySuccess' : 'message.cs.copyFailed'), { type: ok ? 'success' : 'warning' })
  }
  return (
    <li className="ch-row" data-testid="customer-answer">
      {face}
      <div className="ch-bubble cs-answer">
        {q.childrenQuestion?.length ? (
          <>
            <span className="ch-text">{t('message.cs.choose')}</span>
            <span className="cs-subs">
              {q.childrenQuestion.map((c) => (
                <button type="button" key={c.problemName} className="cs-sub" onClick={() => onAsk(c)} data-testid="customer-sub">
                  {c.problemName}
                </button>
              ))}
            </span>
          </>
        ) : (
          <span className="ch-text" dir="auto">{q.problemReply ?? t('message.cs.noAnswer')}</span>
        )}
        {q.operation === 'copy' && q.operationContent && (
          <button type="button" className="cs-copy" onClick={() => void copy()} data-testid="customer-copy">
            {t('message.cs.copy')} <bdi>{q.operationContent}</bdi>
          </button>
        )}
      </div>
    </li>
  )
}
