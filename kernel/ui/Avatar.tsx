import { useState } from 'react'
import { injectStyle } from '../style.ts'
import { safeImageUrl } from '../url.ts'
import { IconUser } from './icons.tsx'
import css from './ui.css'
import avatarCss from './avatar.css'

export interface AvatarProps {
  src?: string | null
  /** initial shown when there is no picture or it fails to load */
  name?: string
  size?: number
  className?: string
}

/** A round picture that falls back to the name's first letter, then to a person icon. */
export function Avatar({ src: raw, name: rawName, size, className }: AvatarProps) {
  injectStyle(css)
  injectStyle(avatarCss)
  const [failed, setFailed] = useState<string | null>(null)
  // both come from data: a URL the app may not load is no picture, a name that is not text no initial
  const src = safeImageUrl(raw)
  const name = typeof rawName === 'string' ? rawName : undefined
  const initial = name?.trim() ? Array.from(name.trim())[0].toUpperCase() : ''
  const style = size ? ({ '--k-avatar': `${size}px` } as React.CSSProperties) : undefined
  return (
    <span className={['k-avatar', className].filter(Boolean).join(' ')} style={style} data-testid="avatar">
      {src && failed !== src ? (
        <img src={src} alt={name ?? ''} loading="lazy" decoding="async" onError={() => setFailed(src)} />
      ) : initial ? (
        <span aria-label={name}>{initial}</span>
      ) : (
        <IconUser />
      )}
    </span>
  )
}
