import { useState } from 'react'
import { injectStyle } from '../style.ts'
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
export function Avatar({ src, name, size, className }: AvatarProps) {
  injectStyle(css)
  injectStyle(avatarCss)
  const [failed, setFailed] = useState<string | null>(null)
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
