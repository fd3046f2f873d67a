// The gift plugin's icons (the kernel's icon() draws them with a stroke).
import { icon } from '../../kernel/ui/icons.tsx'

export const IconDiamond = /* @__PURE__ */ icon('IconDiamond', <path d="M6.5 4.5h11l3.5 5-9 10-9-10zM3 9.5h18M9.5 4.5 8 9.5l4 10 4-10-1.5-5" />)
/** the lucky box: a filled, lit box (an outline read as an empty slot) */
export function LuckyBoxArt({ size = 72 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="gf-boxart">
      <defs>
        <linearGradient id="gf-box-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff5f9e" />
          <stop offset="1" stopColor="#b0307a" />
        </linearGradient>
        <linearGradient id="gf-box-lid" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff8cbc" />
          <stop offset="1" stopColor="#e2488a" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="36" r="26" fill="#ffd86b" opacity="0.18" />
      <rect x="12" y="28" width="40" height="28" rx="4" fill="url(#gf-box-body)" />
      <rect x="8" y="20" width="48" height="11" rx="3" fill="url(#gf-box-lid)" />
      <rect x="28" y="20" width="8" height="36" fill="#ffd86b" />
      <path d="M32 20c-5-9-15-9-15-3s8 3 15 3zm0 0c5-9 15-9 15-3s-8 3-15 3z" fill="#ffd86b" stroke="#e8a92f" strokeWidth="1.5" />
      <path d="M14 31h36" stroke="#0003" strokeWidth="2" />
      <path d="M50 8l1.6 3.4L55 13l-3.4 1.6L50 18l-1.6-3.4L45 13l3.4-1.6zM12 10l1 2 2 1-2 1-1 2-1-2-2-1 2-1z" fill="#fff3c4" />
    </svg>
  )
}

export const IconGiftBox = /* @__PURE__ */ icon('IconGiftBox', <><rect x="4" y="10" width="16" height="10" rx="1.5" /><path d="M3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1.5S9.5 7 12 7zm0 0c2-4 6-4 6-1.5S14.5 7 12 7z" /></>)
