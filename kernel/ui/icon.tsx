// The icon factory, and the icons the kernel's state screens (on the first screen) draw. Kept
// apart from icons.tsx: esbuild puts a module shared with lazy pages whole into the first bundle.
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

export const IconAlert = /* @__PURE__ */ icon('IconAlert', <><circle cx="12" cy="12" r="9.5" /><path d="M12 7.5v5.5M12 16.2v.3" /></>)
export const IconInbox = /* @__PURE__ */ icon('IconInbox', <><path d="M3.5 13.5l2.2-7.2A2 2 0 0 1 7.6 5h8.8a2 2 0 0 1 1.9 1.3l2.2 7.2V18a1.5 1.5 0 0 1-1.5 1.5h-14A1.5 1.5 0 0 1 3.5 18z" /><path d="M3.5 13.5h5l1 2h5l1-2h5" /></>)
