// The wall's icons are symbols of icons.svg (drawn with <Sprite>), but for the live bars, whose
// bars the wall's CSS animates one by one.
import type { SVGProps } from 'react'

type P = SVGProps<SVGSVGElement> & { size?: number }
const svg = ({ size = 16, ...rest }: P) => ({ width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, ...rest }) as const

export const IconLiveBars = (p: P) => (
  <svg {...svg(p)} fill="currentColor">
    <rect className="wl-bar wl-bar--1" x="4" y="8" width="3.4" height="12" rx="1.7" />
    <rect className="wl-bar wl-bar--2" x="10.3" y="4" width="3.4" height="16" rx="1.7" />
    <rect className="wl-bar wl-bar--3" x="16.6" y="10" width="3.4" height="10" rx="1.7" />
  </svg>
)
