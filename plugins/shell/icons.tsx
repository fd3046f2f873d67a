// Inline SVG icons of the frame (no icon font, no extra request). 24 px grid, currentColor.
// The pages' and popups' own icons are in page-icons.tsx, loaded with them.
import type { ReactElement, SVGProps } from 'react'

export type P = SVGProps<SVGSVGElement>
export const base = (p: P) => ({ width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, ...p }) as P

export const icons: Record<string, (p: P) => ReactElement> = {
  home: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 21s-7.5-4.6-9.3-9.3C1.5 8.6 3.6 5 7.2 5c2 0 3.4 1.1 4.8 2.8C13.4 6.1 14.8 5 16.8 5c3.6 0 5.7 3.6 4.5 6.7C19.5 16.4 12 21 12 21Z" />
      <path d="M8.5 11.5h2l1-2 1.5 4 1-2h1.5" />
    </svg>
  ),
  wall: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinejoin="round">
      <rect x="3" y="3" width="7.5" height="10" rx="2.2" />
      <rect x="13.5" y="3" width="7.5" height="6.5" rx="2.2" />
      <rect x="3" y="16" width="7.5" height="5" rx="2.2" />
      <rect x="13.5" y="12.5" width="7.5" height="8.5" rx="2.2" />
    </svg>
  ),
  moments: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3v6.2M20.6 9.4l-5.9 1.9M17.3 19.3l-3.6-5M6.7 19.3l3.6-5M3.4 9.4l5.9 1.9" />
    </svg>
  ),
  message: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinejoin="round" strokeLinecap="round">
      <path d="M20.5 11.6c0 4.3-3.8 7.7-8.5 7.7-1.1 0-2.2-.2-3.2-.6L4 20l1.2-3.7c-1.1-1.3-1.7-2.9-1.7-4.7C3.5 7.3 7.3 4 12 4s8.5 3.3 8.5 7.6Z" />
      <path d="M8.5 11.8h.01M12 11.8h.01M15.5 11.8h.01" strokeWidth="2.6" />
    </svg>
  ),
  user: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round">
      <circle cx="12" cy="8.2" r="4.2" />
      <path d="M4 20.5c1.2-3.9 4.3-5.8 8-5.8s6.8 1.9 8 5.8" />
    </svg>
  ),
  diamond: (p) => (
    <svg {...base(p)} viewBox="0 0 24 24">
      <path fill="#7fe3ff" d="M6.2 3.5h11.6L22 9.2 12 21 2 9.2z" />
      <path fill="#c8f4ff" d="M6.2 3.5 9 9.2h6l2.8-5.7z" />
      <path fill="#3fb6ea" d="M2 9.2h7L12 21zM15 9.2h7L12 21z" />
    </svg>
  ),
  trophy: (p) => (
    <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round">
      <path d="M7 4h10v5a5 5 0 0 1-10 0V4Z" />
      <path d="M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 14v3.5M8.5 20.5h7l-.8-3h-5.4z" />
    </svg>
  ),
  logo: (p) => (
    <svg {...base(p)} viewBox="0 0 48 48">
      <defs>
        <linearGradient id="sh-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff3d7f" />
          <stop offset=".55" stopColor="#c04bff" />
          <stop offset="1" stopColor="#7b5cff" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="14" fill="url(#sh-logo-g)" />
      <path fill="#fff" d="M12 17.5a4.5 4.5 0 0 1 4.5-4.5h10a4.5 4.5 0 0 1 4.5 4.5v13a4.5 4.5 0 0 1-4.5 4.5h-10a4.5 4.5 0 0 1-4.5-4.5zM33 20.5l5.2-3.4c.9-.6 1.8 0 1.8 1v11.8c0 1-.9 1.6-1.8 1l-5.2-3.4z" />
      <path fill="#ff3d7f" d="M21.5 29.5s-4.5-2.8-4.5-5.8c0-1.6 1.2-2.7 2.6-2.7 1 0 1.6.5 1.9 1 .3-.5 1-1 1.9-1 1.4 0 2.6 1.1 2.6 2.7 0 3-4.5 5.8-4.5 5.8Z" />
    </svg>
  ),
}

export function Icon({ name, ...p }: { name: string } & P) {
  const draw = icons[name] ?? icons.wall
  return draw(p)
}
