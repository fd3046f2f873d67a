// CALL-10: the call chat. Text goes to the host over instant messaging; blank text is ignored,
// prohibited text is refused with 'messageProhibited' and stays in the box to be edited.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useKernel, useT } from '../../../kernel/hooks.ts'
import { useCalls } from './hooks.ts'
import { IconSend } from './icons.tsx'
import { chatVerdict } from '../rules.ts'

interface ChatLine {
  id: string
  self: boolean
  text: string
  state: 'sending' | 'sent' | 'failed'
}

/** Lines kept on screen; older ones scroll away for good. */
const MAX_LINES = 40
let seq = 0

export function CallChat({ to, onActivity }: { to: string; onActivity: () => void }) {
  const kernel = useKernel()
  const calls = useCalls()
  const t = useT()
  const [lines, setLines] = useState<ChatLine[]>([])
  const [text, setText] = useState('')
  const list = useRef<HTMLOListElement>(null)

  // the host's messages arrive over the same messaging connection
  useEffect(() => {
    if (!to) return
    let off = () => {}
    let gone = false
    calls
      .im()
      .then((im) => {
        if (gone) return
        off = im.on('message', (m) => {
          if (m.senderId !== to || !m.text) return
          setLines((l) => [...l, { id: m.messageClientId, self: false, text: m.text!, state: 'sent' as const }].slice(-MAX_LINES))
        })
      })
      .catch(() => {})
    return () => {
      gone = true
      off()
    }
  }, [calls, to])

  useEffect(() => {
    const el = list.current
    if (el) el.scrollTop = el.scrollHeight
  }, [lines.length])

  const mark = (id: string, state: ChatLine['state']) => setLines((l) => l.map((x) => (x.id === id ? { ...x, state } : x)))

  const send = async (e?: FormEvent) => {
    e?.preventDefault()
    onActivity()
    const verdict = chatVerdict(text)
    if (verdict === 'blank') return
    if (verdict === 'prohibited') {
      kernel.overlays.toast(t('calls.toast.messageProhibited'), { type: 'warning' })
      return
    }
    const body = text.trim()
    const id = `own-${++seq}`
    setText('')
    setLines((l) => [...l, { id, self: true, text: body, state: 'sending' as const }].slice(-MAX_LINES))
    try {
      const im = await calls.im()
      await im.sendText(to, body)
      mark(id, 'sent')
    } catch {
      mark(id, 'failed')
      kernel.overlays.toast(t('calls.toast.chatFailed'), { type: 'warning' })
    }
  }

  return (
    <div className="cl-chat">
      <ol className="cl-chat__lines" ref={list} data-testid="call-chat-lines" aria-live="polite">
        {lines.map((l) => (
          <li key={l.id} className={`cl-chat__line${l.self ? ' cl-chat__line--self' : ''} cl-chat__line--${l.state}`} data-testid="call-chat-line" data-state={l.state}>
            <bdi>{l.text}</bdi>
          </li>
        ))}
      </ol>
      <form className="cl-chat__form" onSubmit={send}>
        <input
          className="cl-chat__input"
          data-testid="call-chat-input"
          value={text}
          maxLength={200}
          placeholder={t('calls.screen.chatPlaceholder')}
          aria-label={t('calls.screen.chat')}
          onChange={(e) => {
            setText(e.target.value)
            onActivity()
          }}
          onFocus={onActivity}
          enterKeyHint="send"
        />
        <button type="button" className="cl-chat__send" data-testid="call-chat-send" aria-label={t('calls.screen.send')} onClick={() => void send()}>
          <IconSend size={20} />
        </button>
      </form>
    </div>
  )
}
