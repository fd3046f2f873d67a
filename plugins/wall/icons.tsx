// The wall's own inline SVG icons (filled, currentColor), beside the kernel's line icons.
import type { SVGProps } from 'react'

type P = SVGProps<SVGSVGElement> & { size?: number }
const svg = ({ size = 16, ...rest }: P) => ({ width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, ...rest }) as const

export const IconDiamond = (p: P) => (
  <svg {...svg(p)}>
    <path fill="#7fd8ff" d="M6.2 3.5h11.6L22 9.2 12 21 2 9.2z" />
    <path fill="#bfeeff" d="M6.2 3.5 9 9.2h6l2.8-5.7z" />
    <path fill="#49b6f0" d="M2 9.2h7L12 21zM15 9.2h7L12 21z" />
  </svg>
)

export const IconLiveBars = (p: P) => (
  <svg {...svg(p)} fill="currentColor">
    <rect className="wl-bar wl-bar--1" x="4" y="8" width="3.4" height="12" rx="1.7" />
    <rect className="wl-bar wl-bar--2" x="10.3" y="4" width="3.4" height="16" rx="1.7" />
    <rect className="wl-bar wl-bar--3" x="16.6" y="10" width="3.4" height="10" rx="1.7" />
  </svg>
)

export const IconLockFill = (p: P) => (
  <svg {...svg(p)}>
    <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    <rect fill="currentColor" x="4.5" y="10" width="15" height="11" rx="3" />
  </svg>
)

export const IconWifiOff = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round">
    <path d="M2.5 8.5a14 14 0 0 1 5-3M21.5 8.5a14 14 0 0 0-9.5-4M5.5 12a9.5 9.5 0 0 1 4-2.3M18.5 12a9.5 9.5 0 0 0-2-1.5M9 15.3a4.5 4.5 0 0 1 6 0M3 3l18 18" />
    <circle cx="12" cy="19" r="1.2" fill="currentColor" stroke="none" />
  </svg>
)


export const IconArrowDown = (p: P) => (
  <svg {...svg(p)} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M12 4v15M6 13l6 6 6-6" />
  </svg>
)
