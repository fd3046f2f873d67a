// The pay methods' marks, drawn here (no request, no font): a method without one gets the card mark,
// never letters or a blank tile.
import type { ReactNode } from 'react'

const marks: Record<string, ReactNode> = {
  PAYPAL: (
    <>
      <rect width="32" height="32" rx="7" fill="#fff" />
      <path d="M13.2 25.5h-3.6l2.9-18.3h6.3c3.9 0 5.6 2.2 5 5.3-.7 3.9-3.4 5.7-7.2 5.7h-2.2z" fill="#003087" />
      <path d="M15.6 25.5h-2.9l.5-3.1 1.3-8.1h3.7c2.3 0 3.7-1 4.1-3 .8 1 .9 2.4.6 3.9-.6 3.3-3 4.9-6.2 4.9h-.6z" fill="#009cde" />
    </>
  ),
  APPLEPAY: (
    <>
      <rect width="32" height="32" rx="7" fill="#000" />
      <path d="M19.6 8.1c-.8.9-2 1.6-3.1 1.5-.1-1.2.5-2.4 1.2-3.2.8-.9 2.1-1.5 3.1-1.6.1 1.2-.4 2.4-1.2 3.3zm1.2 1.8c-1.7-.1-3.2 1-4 1s-2.1-.9-3.4-.9c-1.8 0-3.4 1-4.3 2.6-1.8 3.2-.5 7.9 1.3 10.5.9 1.3 1.9 2.7 3.3 2.6 1.3-.1 1.8-.8 3.4-.8s2 .8 3.4.8 2.3-1.3 3.2-2.6c1-1.5 1.4-2.9 1.4-3-.1 0-2.8-1.1-2.8-4.2 0-2.6 2.1-3.9 2.2-4-1.2-1.8-3.1-2-3.7-2z" fill="#fff" />
    </>
  ),
  CARD: (
    <>
      <rect width="32" height="32" rx="7" fill="#1f4fd1" />
      <rect x="5" y="9" width="22" height="15" rx="2.5" fill="#fff" />
      <rect x="5" y="12" width="22" height="3" fill="#1f4fd1" />
      <rect x="8" y="18.5" width="7" height="2" rx="1" fill="#9fb3ea" />
    </>
  ),
  APPSTORE: (
    <>
      <rect width="32" height="32" rx="7" fill="#0d84ff" />
      <path d="M16.9 9.5l-1.2 2.1M12.6 17h-3.1m13 0h-6.3m-5 4.2L15 11.3m2 0l5.7 9.9" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </>
  ),
  GOOGLEPLAY: (
    <>
      <rect width="32" height="32" rx="7" fill="#fff" />
      <path d="M9 6.5l11 9.5-11 9.5z" fill="#00c4ff" />
      <path d="M9 6.5l14.5 8-3.5 1.5z" fill="#00e676" />
      <path d="M9 25.5l14.5-8-3.5-1.5z" fill="#ff3d57" />
      <path d="M20 16l3.5-1.5 2.6 1.5-2.6 1.5z" fill="#ffc400" />
    </>
  ),
  UPI: (
    <>
      <rect width="32" height="32" rx="7" fill="#fff" />
      <path d="M12 7l6 9-6 9z" fill="#097939" />
      <path d="M17 7l6 9-6 9z" fill="#ed752e" />
    </>
  ),
  USDT: (
    <>
      <rect width="32" height="32" rx="7" fill="#26a17b" />
      <path d="M9 8.5h14v3.4h-5.2v3c3.3.2 5.8.9 5.8 1.7s-2.5 1.5-5.8 1.7V24h-3.6v-5.7c-3.3-.2-5.8-.9-5.8-1.7s2.5-1.5 5.8-1.7v-3H9z" fill="#fff" />
      <ellipse cx="16" cy="16.6" rx="5.2" ry="1.1" fill="#26a17b" />
    </>
  ),
}

/** the mark of a pay method (PAYPAL, CARD...) at `size` px; decorative: its name is written beside it */
export function PayIcon({ method, size = 28 }: { method: string; size?: number }) {
  return (
    <svg className="rc-method__logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" data-method={method}>
      {marks[method.toUpperCase()] ?? marks.CARD}
    </svg>
  )
}
