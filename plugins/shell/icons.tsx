// Icons of the shell's pages and popups (landing, login, force-pay), kept out of the frame's bundle;
// the frame's own (logo, diamond...) are symbols of icons.svg, always in the document.
import type { ReactElement, SVGProps } from 'react'
import { Sprite } from '../../kernel/ui/sprite.tsx'

type P = SVGProps<SVGSVGElement>
const base = (p: P) => ({ width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, ...p }) as P

const pageIcons: Record<string, (p: P) => ReactElement> = {
  mail: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinejoin="round">
      <rect x="3" y="5" width="18" height="14" rx="3" />
      <path d="m4 7 8 6 8-6" strokeLinecap="round" />
    </svg>
  ),
  close: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  ),
  back: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" className="sh-flip">
      <path d="M15 5l-7 7 7 7" />
    </svg>
  ),
  eye: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9">
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  ),
  eyeOff: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round">
      <path d="M3 3l18 18M10.6 5.6A9.7 9.7 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-3 3.7M6.4 6.9C3.9 8.6 2.5 12 2.5 12S6 18.5 12 18.5c1.5 0 2.9-.4 4.1-1" />
      <path d="M9.9 10a3 3 0 0 0 4.1 4.1" />
    </svg>
  ),
  gift: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinejoin="round">
      <rect x="3.5" y="8" width="17" height="4" rx="1.2" />
      <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 3.5 8 4.2C6 4.8 7 8 12 8Zm0 0s1.5-4.5 4-3.8c2 .6 1 3.8-4 3.8Z" />
    </svg>
  ),
  calendar: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round">
      <rect x="3.5" y="5" width="17" height="15.5" rx="3" />
      <path d="M3.5 10h17M8 3v4M16 3v4M9 15l2 2 4-4" />
    </svg>
  ),
}

/** A shell icon by name: the pages' own, or the frame's. */
export function Icon({ name, ...p }: { name: string } & P) {
  const draw = pageIcons[name]
  if (!draw) return <Sprite id={`sh-${name}`} size={Number(p.width ?? 24)} {...p} />
  return draw(p)
}
