// ENG-06 /feedback (and /report): query hostid and hostlvl name the host a report is about (the
// live room's Report). Pictures go through the app's one uploader (kernel/upload.ts, d3 §5 rules).
import { useEffect, useRef, useState } from 'react'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { goBackOrHome } from '../../kernel/ui/PageBar.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { UploadError, uploaderOf } from '../../kernel/upload.ts'
import { SocialRoute } from './api.ts'
import { BACK_AFTER_MS, clip, FEEDBACK_TYPES, sendFeedback } from './feedback.ts'
import { FEEDBACK_MAX, FEEDBACK_PICS_MAX, FeedbackType } from './paths.ts'
import { SocialPage } from './parts.tsx'

const UPLOAD_TEXT = { 'not-image': 'social.feedback.notImage', 'too-large': 'social.feedback.tooLarge', failed: 'social.feedback.uploadFailed' } as const

export default function FeedbackPage() {
  const kernel = useKernel()
  const t = useT()
  const { path, search } = useRoute()
  const hostId = search.get('hostid') ?? ''
  const hostLvl = search.get('hostlvl') ?? ''
  const report = path.startsWith(SocialRoute.report) || !!hostId
  const [type, setType] = useState<number>(FeedbackType.app)
  const [text, setText] = useState('')
  const [email, setEmail] = useState('')
  const [pics, setPics] = useState<string[]>([])
  const [uploading, setUploading] = useState(0)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  const file = useRef<HTMLInputElement>(null)

  // d3 §4: back 2 s after success (not when the page was left already)
  useEffect(() => {
    if (!sent) return
    const id = setTimeout(() => goBackOrHome(kernel), BACK_AFTER_MS)
    return () => clearTimeout(id)
  }, [sent])

  async function pick(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, FEEDBACK_PICS_MAX - pics.length)
    if (file.current) file.current.value = ''
    for (const f of chosen) {
      setUploading((n) => n + 1)
      try {
        const up = await uploaderOf(kernel).upload(f, 'feedback')
        setPics((old) => (old.length < FEEDBACK_PICS_MAX ? [...old, up.url] : old))
      } catch (err) {
        kernel.overlays.toast(t(UPLOAD_TEXT[err instanceof UploadError ? err.reason : 'failed']), { type: 'warning' })
      } finally {
        setUploading((n) => n - 1)
      }
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    if (sending || sent || uploading) return
    setSending(true)
    const ok = await sendFeedback(kernel, { feedbackType: type, suggestion: text, email, pics, ...(hostId ? { hostId, hostLvl } : {}) })
    setSending(false)
    if (!ok) return
    setSent(true)
    kernel.overlays.toast(t('social.feedback.done'), { type: 'success', duration: BACK_AFTER_MS })
  }

  return (
    <SocialPage title={t(report ? 'social.feedback.reportTitle' : 'social.feedback.title')} testId="feedback">
      <form className="so-form" data-testid="feedback-form" onSubmit={submit}>
        {hostId && (
          <p className="so-form__host" data-testid="feedback-host">
            {t('social.feedback.about', { id: hostId })}
            {hostLvl && <span className="so-grade">{hostLvl}</span>}
          </p>
        )}
        <fieldset className="so-types" role="radiogroup" aria-label={t('social.feedback.type')}>
          <legend className="so-label">{t('social.feedback.type')}</legend>
          {FEEDBACK_TYPES.map(([key, value]) => (
            <button key={key} type="button" role="radio" aria-checked={type === value} className={type === value ? 'so-type so-type--on' : 'so-type'} data-testid={`feedback-type-${key}`} onClick={() => setType(value)}>
              {t(`social.feedback.types.${key}`)}
            </button>
          ))}
        </fieldset>
        <label className="so-label" htmlFor="so-suggestion">
          {t('social.feedback.describe')}
        </label>
        <div className="so-area">
          <textarea dir="auto" id="so-suggestion" className="so-input so-area__text" data-testid="feedback-text" rows={6} maxLength={FEEDBACK_MAX} value={text} placeholder={t('social.feedback.placeholder')} onChange={(e) => setText(clip(e.target.value))} />
          <span className="so-area__count" data-testid="feedback-count" dir="ltr">
            {[...text].length}/{FEEDBACK_MAX}
          </span>
        </div>
        <label className="so-label">{t('social.feedback.pictures')}</label>
        <div className="so-pics">
          {pics.map((src, i) => (
            <span key={src} className="so-pic" data-testid={`feedback-pic-${i}`}>
              <img src={src} alt="" />
              <button type="button" className="so-pic__x" aria-label={t('social.feedback.removePic')} onClick={() => setPics(pics.filter((p) => p !== src))}>
                ×
              </button>
            </span>
          ))}
          {uploading > 0 && (
            <span className="so-pic so-pic--busy" data-testid="feedback-uploading">
              <Spinner size={20} />
            </span>
          )}
          {pics.length + uploading < FEEDBACK_PICS_MAX && (
            <label className="so-pic so-pic--add">
              <input ref={file} type="file" accept="image/*" data-testid="feedback-file" hidden onChange={(e) => void pick(e.target.files)} />
              <span aria-hidden="true">+</span>
              <span className="k-visually-hidden">{t('social.feedback.addPic')}</span>
            </label>
          )}
        </div>
        <label className="so-label" htmlFor="so-email">
          {t('social.feedback.email')}
        </label>
        <input dir="auto" id="so-email" className="so-input" data-testid="feedback-email" type="email" inputMode="email" autoComplete="email" maxLength={100} value={email} placeholder={t('social.feedback.emailPlaceholder')} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="so-btn so-btn--block" data-testid="feedback-submit" disabled={sending || sent || uploading > 0}>
          {sending ? <Spinner size={18} /> : t('social.feedback.submit')}
        </button>
      </form>
    </SocialPage>
  )
}
