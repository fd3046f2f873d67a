// ENG-08 /moments-detail?id=: the post, its like, its comments (10 a page after the last one
// shown) and a comment box. `comment=1` (the feed's comment button) puts the cursor in the box.
import { useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { EmptyState, ErrorState } from '../../kernel/ui/States.tsx'
import { PageSpinner, Spinner } from '../../kernel/ui/Spinner.tsx'
import css from './moments.css'
import type { Moment, MomentComment } from './api.ts'
import { loadComments, loadMoment, sendComment, toggleLike } from './actions.ts'
import { ageText } from './feed.ts'
import { useFormat } from '../../kernel/format.ts'
import { MomentCard } from './MomentCard.tsx'
import { COMMENT_MAX, MOMENTS_PAGE_SIZE } from './paths.ts'
import { patched, patchesOf } from './state.ts'

type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T }

export default function DetailPage() {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const id = Number(search.get('id'))
  const [post, setPost] = useState<Load<Moment | null>>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    setPost({ state: 'loading' })
    if (!Number.isFinite(id) || id <= 0) setPost({ state: 'ready', value: null })
    else loadMoment(kernel, id).then((m) => live && setPost({ state: 'ready', value: m }), () => live && setPost({ state: 'failed' }))
    return () => {
      live = false
    }
  }, [id, attempt])

  const changes = patchesOf(kernel).value
  let body
  if (post.state === 'loading') body = <PageSpinner />
  else if (post.state === 'failed') body = <ErrorState testId="moment-error" title={t('moments.detailError')} retryLabel={t('moments.retry')} onRetry={() => setAttempt(attempt + 1)} />
  else if (!post.value) body = <EmptyState testId="moment-missing" title={t('moments.missing')} />
  else {
    const m = patched(post.value, changes)
    body = (
      <>
        <ul className="mo-feed">
          <MomentCard
            m={m}
            now={Date.now()}
            onHost={() => kernel.router.navigate(`/detail?id=${m.userId}&yxId=${encodeURIComponent(m.yxAccid)}&path=moments`)}
            onLike={() => void toggleLike(kernel, m)}
            onComments={() => document.getElementById('mo-comment-input')?.focus()}
          />
        </ul>
        <Comments key={m.id} id={m.id} focus={search.get('comment') === '1'} />
      </>
    )
  }
  return (
    <main className="mo-page mo-detail" data-testid="moment-detail">
      <PageBar title={t('moments.detailTitle')} />
      {body}
    </main>
  )
}

function Comments({ id, focus }: { id: number; focus: boolean }) {
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const [list, setList] = useState<MomentComment[]>([])
  const [state, setState] = useState<'loading' | 'failed' | 'idle' | 'done'>('loading')
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  const more = async (after?: number) => {
    setState('loading')
    try {
      const rows = await loadComments(kernel, id, after)
      setList((old) => (after ? [...old, ...rows] : rows))
      setState(rows.length < MOMENTS_PAGE_SIZE ? 'done' : 'idle')
    } catch {
      setState('failed')
    }
  }
  useEffect(() => {
    void more()
    if (focus) input.current?.focus()
  }, [id])

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    if (sending || !text.trim()) return
    setSending(true)
    const c = await sendComment(kernel, id, text)
    setSending(false)
    if (!c) return
    setText('')
    setList((old) => [c, ...old])
  }

  const now = Date.now()
  return (
    <section className="mo-comments" data-testid="moment-comments">
      <h2 className="mo-comments__title">{t('moments.commentsTitle')}</h2>
      {list.length === 0 && state === 'done' && <p className="mo-comments__empty" data-testid="comments-empty">{t('moments.noComments')}</p>}
      <ul className="mo-comments__list" data-testid="comment-list">
        {list.map((c) => {
          const age = ageText(c.createTime, now, t, f)
          return (
            <li key={c.id} className="mo-comment" data-testid={`comment-${c.id}`}>
              <Avatar src={c.icon} name={c.nickname} size={32} />
              <div className="mo-comment__main">
                <div className="mo-comment__head">
                  <span className="mo-comment__name">{c.nickname}</span>
                  <span className="mo-card__time">{age}</span>
                </div>
                <p className="mo-comment__text" dir="auto">{c.content}</p>
              </div>
            </li>
          )
        })}
      </ul>
      <div className="mo-foot">
        {state === 'loading' ? (
          <Spinner size={18} />
        ) : state === 'failed' ? (
          <button type="button" className="mo-retry" data-testid="comments-retry" onClick={() => void more(list.at(-1)?.id)}>
            {t('moments.commentsFailed')}
          </button>
        ) : state === 'idle' ? (
          <button type="button" className="mo-retry" data-testid="comments-more" onClick={() => void more(list.at(-1)?.id)}>
            {t('moments.moreComments')}
          </button>
        ) : null}
      </div>
      <form className="mo-compose" data-testid="comment-form" onSubmit={submit}>
        <input
          ref={input}
          id="mo-comment-input"
          dir="auto"
          className="mo-compose__input"
          data-testid="comment-input"
          value={text}
          maxLength={COMMENT_MAX}
          placeholder={t('moments.commentPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="mo-compose__send" data-testid="comment-send" disabled={sending || !text.trim()}>
          {t('moments.send')}
        </button>
      </form>
    </section>
  )
}
