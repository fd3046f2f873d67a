// The input bar of a chat: quick messages (loaded on first open, taps debounced 300 ms), text
// (Enter sends; the text stays when a send is refused), an image (uploaded per d3 §5), a gift.
import { useRef, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import type { ImImage } from '../../kernel/im/types.ts'
import { UploadError, uploaderOf } from '../../kernel/upload.ts'
import type { Kernel } from '../../kernel/types.ts'
import { MessagePath } from './api.ts'
import { QUICK_DEBOUNCE_MS } from './rules.ts'

/** send one picked image: the upload's failure texts of d3 §8 */
async function pickAndUpload(kernel: Kernel, t: (k: string) => string, file: File | undefined, module: string): Promise<ImImage | null> {
  if (!file) return null
  try {
    return await uploaderOf(kernel).upload(file, module)
  } catch (err) {
    const reason = err instanceof UploadError ? err.reason : 'failed'
    kernel.overlays.toast(t(reason === 'not-image' ? 'message.notImage' : reason === 'too-large' ? 'message.tooLarge' : 'message.uploadFailed'), { type: 'warning' })
    return null
  }
}

export interface ComposerProps {
  maxLength: number
  /** resolves true when the text was taken (the input clears), false to keep it */
  onSend: (text: string) => Promise<boolean>
  onImage?: (img: ImImage) => void
  gift?: () => void
  /** hide the quick messages (the customer chat has its own chips) */
  noQuick?: boolean
}

export function Composer({ maxLength, onSend, onImage, gift, noQuick }: ComposerProps) {
  const kernel = useKernel()
  const t = useT()
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [uploading, setUploading] = useState(false)
  const [quick, setQuick] = useState<string[] | null>(null)
  const [quickOpen, setQuickOpen] = useState(false)
  const lastQuick = useRef(0)
  const file = useRef<HTMLInputElement>(null)

  const send = async (value: string) => {
    if (busy || !value.trim()) return
    setBusy(true)
    try {
      if (await onSend(value)) setText((now) => (now === value ? '' : now))
    } finally {
      setBusy(false)
    }
  }

  const openQuick = async () => {
    setQuickOpen((o) => !o)
    if (quick) return
    try {
      const s = await kernel.api.post<string>(MessagePath.quickMessages, {}, { silent: true })
      setQuick(String(s ?? '').split(',').map((x) => x.trim()).filter(Boolean))
    } catch {
      // d2 §8: quick-message failures are ignored
      setQuick([])
    }
  }

  const pickQuick = (q: string) => {
    const now = Date.now()
    if (now - lastQuick.current < QUICK_DEBOUNCE_MS) return
    lastQuick.current = now
    void onSend(q)
  }

  const onFile = async (f: File | undefined) => {
    if (file.current) file.current.value = ''
    if (!f || !onImage) return
    setUploading(true)
    try {
      const img = await pickAndUpload(kernel, t, f, 'chat')
      if (img) onImage(img)
    } finally {
      setUploading(false)
    }
  }

  return (
    <footer className="cp-bar" data-testid="composer">
      {quickOpen && !noQuick && (
        <div className="cp-quick" data-testid="quick-messages">
          {quick === null ? <span className="cp-quick__hint">{t('message.loading')}</span> : null}
          {quick?.map((q) => (
            <button type="button" key={q} className="cp-chip" onClick={() => pickQuick(q)} data-testid="quick-message">
              {q}
            </button>
          ))}
        </div>
      )}
      <div className="cp-row">
        {!noQuick && (
          <button type="button" className={`cp-icon${quickOpen ? ' is-on' : ''}`} aria-label={t('message.quick')} onClick={() => void openQuick()} data-testid="quick-toggle">
            <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M4 5h16v11H9l-5 4z" />
              <path d="M8 9h8M8 12h5" />
            </svg>
          </button>
        )}
        <input
          className="cp-input"
          value={text}
          maxLength={maxLength}
          dir="auto"
          enterKeyHint="send"
          placeholder={t('message.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault()
              void send(text)
            }
          }}
          data-testid="composer-input"
        />
        {onImage && (
          <label className={`cp-icon${uploading ? ' is-busy' : ''}`} data-testid="composer-image">
            <input ref={file} type="file" accept="image/*" hidden onChange={(e) => void onFile(e.target.files?.[0])} data-testid="composer-file" />
            <span className="k-visually-hidden">{t('message.sendImage')}</span>
            <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
              <rect x="3" y="4.5" width="18" height="15" rx="3" />
              <circle cx="9" cy="10" r="1.8" />
              <path d="m4 18 5.5-5 4 3.5 2.5-2 4 3.5" />
            </svg>
          </label>
        )}
        {gift && (
          <button type="button" className="cp-icon" aria-label={t('message.sendGift')} onClick={gift} data-testid="composer-gift">
            🎁
          </button>
        )}
        <button type="button" className="cp-send" disabled={busy || !text.trim()} onClick={() => void send(text)} data-testid="composer-send">
          {t('message.send')}
        </button>
      </div>
    </footer>
  )
}
