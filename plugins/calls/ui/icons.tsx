// The calls plugin's inline SVG icons (currentColor), beside the kernel's line icons.
import type { SVGProps } from 'react'

type P = SVGProps<SVGSVGElement> & { size?: number }
const svg = ({ size = 24, ...rest }: P) => ({ width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, ...rest }) as const

export const IconVideo = (p: P) => (
  <svg {...svg(p)} fill="currentColor">
    <rect x="2.5" y="6" width="13" height="12" rx="3" />
    <path d="M16.5 10.2 21 7.4v9.2l-4.5-2.8z" />
  </svg>
)

/** a handset turned down: end or decline */
export const IconHangUp = (p: P) => (
  <svg {...svg(p)} fill="currentColor">
    <path d="M12 8.5c-3.6 0-6.9 1.2-9.2 3.2-.5.4-.6 1.2-.2 1.7l1.6 2a1.3 1.3 0 0 0 1.7.3l2.3-1.4c.4-.3.7-.8.6-1.3l-.2-1.5c1-.4 2.2-.6 3.4-.6s2.4.2 3.4.6l-.2 1.5c-.1.5.2 1 .6 1.3l2.3 1.4c.6.3 1.3.2 1.7-.3l1.6-2c.4-.5.3-1.3-.2-1.7-2.3-2-5.6-3.2-9.2-3.2z" />
  </svg>
)

export const IconDiamond = (p: P) => (
  <svg {...svg({ size: 16, ...p })}>
    <path fill="#7fd8ff" d="M6.2 3.5h11.6L22 9.2 12 21 2 9.2z" />
    <path fill="#bfeeff" d="M6.2 3.5 9 9.2h6l2.8-5.7z" />
    <path fill="#49b6f0" d="M2 9.2h7L12 21zM15 9.2h7L12 21z" />
  </svg>
)

/** the send arrow points along the reading direction (mirrored in RTL by the .cl-flip class) */
export const IconSend = (p: P) => (
  <svg {...svg(p)} fill="currentColor" className={['cl-flip', p.className].filter(Boolean).join(' ')}>
    <path d="M3.4 20.4 21 12 3.4 3.6l-.1 6.5L15 12 3.3 13.9z" />
  </svg>
)

export const IconPlus = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
    <path d="M12 5v14M5 12h14" />
  </svg>
)

export const IconThumb = ({ down, ...p }: P & { down?: boolean }) => (
  <svg {...svg(p)} fill="currentColor" style={down ? { transform: 'scaleY(-1)' } : undefined}>
    <path d="M2.5 10.5h3.5V21H2.5zM8 21V10.3l4.2-7c.9-.2 2.6.5 2.3 2.5l-.8 3.7h5.6c1.3 0 2.2 1.2 1.9 2.4l-1.8 7.2c-.3 1.1-1.2 1.9-2.4 1.9z" />
  </svg>
)

/** call record kinds: in, out (arrows), rejected (cross), timeout (clock), cancelled (slash) */
export const IconCallIn = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M18 6 7 17M7 9v8h8" />
  </svg>
)
export const IconCallOut = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M6 18 17 7M9 7h8v8" />
  </svg>
)
export const IconCross = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
    <path d="M7 7l10 10M17 7 7 17" />
  </svg>
)
export const IconClock = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </svg>
)
export const IconSlash = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="12" cy="12" r="8.5" />
    <path d="M6 6l12 12" />
  </svg>
)
export const IconHistory = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round">
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5" />
    <path d="M3.5 3.5v5h5M12 7.5V12l3 2" />
  </svg>
)

/** a wrapped present: send a gift in the call */
export const IconGift = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
    <rect x="4" y="10" width="16" height="10" rx="1.5" />
    <path d="M3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1.5S9.5 7 12 7zm0 0c2-4 6-4 6-1.5S14.5 7 12 7z" />
  </svg>
)

/** a heart: the intimacy sheet with the host of the call */
export const IconHeart = (p: P) => (
  <svg {...svg(p)} fill="currentColor">
    <path d="M12 20.5S3.5 15.2 3.5 9.2A4.6 4.6 0 0 1 12 6.6a4.6 4.6 0 0 1 8.5 2.6c0 6-8.5 11.3-8.5 11.3z" />
  </svg>
)
