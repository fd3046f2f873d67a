// One post as the feed and the detail show it: the host, the text (as text), the pictures, and the
// like and comment buttons.
import { safeImageUrl } from '../../kernel/url.ts'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { hostsRef, statusWord } from '../wall/api.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import type { Moment } from './api.ts'
import { ageText } from './feed.ts'
import { useFormat } from '../../kernel/format.ts'

export interface MomentCardProps {
  m: Moment
  now: number
  onHost: () => void
  onLike: () => void
  onComments: () => void
  /** the text and pictures open the detail (the feed); absent in the detail itself */
  onOpen?: () => void
}

export function MomentCard({ m, now, onHost, onLike, onComments, onOpen }: MomentCardProps) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const age = ageText(m.createTime, now, t, f)
  // NET-08: the one host store (pushes keep it fresh), else the row's own status by the one rule
  const online = (kernel.get(hostsRef)?.statusOf(m.userId).value ?? (m.onlineStatus == null ? 'offline' : statusWord(m.onlineStatus))) === 'online'
  const body = (
    <>
      {m.content && <p className="mo-card__text" dir="auto">{m.content}</p>}
      {m.images.length > 0 && (
        <div className={`mo-card__imgs mo-card__imgs--${Math.min(m.images.length, 3)}`}>
          {m.images.slice(0, 9).map((src, i) => (
            <img key={i} src={safeImageUrl(src)} alt="" loading="lazy" decoding="async" />
          ))}
        </div>
      )}
    </>
  )
  return (
    <li className="mo-card" data-testid={`moment-${m.id}`}>
      <button type="button" className="mo-card__head" onClick={onHost}>
        <span className="mo-card__pic">
          <Avatar src={m.icon} name={m.nickname} size={42} />
          {online && <span className="mo-card__on" aria-hidden="true" />}
        </span>
        <span className="mo-card__who">
          <bdi className="mo-card__name">{m.nickname}</bdi>
          <span className="mo-card__time">{age}</span>
        </span>
      </button>
      {onOpen ? (
        <button type="button" className="mo-card__body" data-testid={`moment-open-${m.id}`} onClick={onOpen}>
          {body}
        </button>
      ) : (
        <div className="mo-card__body">{body}</div>
      )}
      <div className="mo-card__stats">
        <button type="button" className={m.isLike ? 'mo-stat mo-stat--on' : 'mo-stat'} data-testid={`moment-like-${m.id}`} aria-pressed={m.isLike} onClick={onLike}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M12 20.5s-7.5-4.5-9.3-9.1C1.5 8.3 3.5 4.8 7 4.8c2 0 3.5 1.1 5 2.9 1.5-1.8 3-2.9 5-2.9 3.5 0 5.5 3.5 4.3 6.6C19.5 16 12 20.5 12 20.5Z" />
          </svg>
          <span data-testid={`moment-likes-${m.id}`}>{t('moments.likes', { count: m.likeNum })}</span>
        </button>
        <button type="button" className="mo-stat" data-testid={`moment-comment-${m.id}`} onClick={onComments}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinejoin="round">
            <path d="M20.5 11.6c0 4.3-3.8 7.7-8.5 7.7-1.1 0-2.2-.2-3.2-.6L4 20l1.2-3.7c-1.1-1.3-1.7-2.9-1.7-4.7C3.5 7.3 7.3 4 12 4s8.5 3.3 8.5 7.6Z" />
          </svg>
          <span data-testid={`moment-comments-${m.id}`}>{t('moments.comments', { count: m.commentNum })}</span>
        </button>
      </div>
    </li>
  )
}
