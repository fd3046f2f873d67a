// The gift plugin's icons (the kernel's icon() draws them with a stroke).
import { icon } from '../../kernel/ui/icons.tsx'

export const IconDiamond = /* @__PURE__ */ icon('IconDiamond', <path d="M6.5 4.5h11l3.5 5-9 10-9-10zM3 9.5h18M9.5 4.5 8 9.5l4 10 4-10-1.5-5" />)
export const IconGiftBox = /* @__PURE__ */ icon('IconGiftBox', <><rect x="4" y="10" width="16" height="10" rx="1.5" /><path d="M3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1.5S9.5 7 12 7zm0 0c2-4 6-4 6-1.5S14.5 7 12 7z" /></>)
