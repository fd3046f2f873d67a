// Inline SVG icons: no font, no request, `currentColor` so they follow the text colour.
// Direction-sensitive icons (back, chevron) mirror in RTL through the k-icon-flip class.
import type { ReactNode, SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement> & { size?: number }

export function icon(name: string, body: ReactNode, flip = false) {
  const Icon = ({ size = 24, className, ...rest }: IconProps) => (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={['k-icon', flip ? 'k-icon-flip' : '', className ?? ''].filter(Boolean).join(' ')}
      {...rest}
    >
      {body}
    </svg>
  )
  Icon.displayName = name
  return Icon
}

// the same drawings as the symbols the state screens use (icons.svg), for pages that want a component
export const IconAlert = /* @__PURE__ */ icon('IconAlert', <><circle cx="12" cy="12" r="9.5" /><path d="M12 7.5v5.5M12 16.2v.3" /></>)

export const IconClose = /* @__PURE__ */ icon('IconClose', <path d="M6 6l12 12M18 6L6 18" />)
export const IconBack = /* @__PURE__ */ icon('IconBack', <path d="M15 5l-7 7 7 7" />, true)
export const IconCompass = /* @__PURE__ */ icon('IconCompass', <><circle cx="12" cy="12" r="9.5" /><path d="M15.5 8.5l-2 5-5 2 2-5z" /></>)
export const IconLock = /* @__PURE__ */ icon('IconLock', <><rect x="5" y="10.5" width="14" height="10" rx="2.5" /><path d="M8 10.5V8a4 4 0 0 1 8 0v2.5M12 14.5v2" /></>)
export const IconUser = /* @__PURE__ */ icon('IconUser', <><circle cx="12" cy="8.5" r="4" /><path d="M4.5 20a7.5 7.5 0 0 1 15 0" /></>)
export const IconCheck = /* @__PURE__ */ icon('IconCheck', <path d="M5 12.5l4.5 4.5L19 7.5" />)
export const IconInfo = /* @__PURE__ */ icon('IconInfo', <><circle cx="12" cy="12" r="9.5" /><path d="M12 11v5.5M12 7.8v.3" /></>)
export const IconUpdate = /* @__PURE__ */ icon('IconUpdate', <><path d="M12 3.5v11M7.5 10l4.5 4.5 4.5-4.5" /><path d="M4.5 16.5v1.5a2.5 2.5 0 0 0 2.5 2.5h10a2.5 2.5 0 0 0 2.5-2.5v-1.5" /></>)
