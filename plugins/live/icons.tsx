// The room's icons (the kernel's icon() draws them with a stroke; flip mirrors in Arabic).
import { icon } from '../../kernel/ui/icons.tsx'

export const IconEye = /* @__PURE__ */ icon('IconEye', <><path d="M2.5 12s3.5-6.5 9.5-6.5S21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" /><circle cx="12" cy="12" r="3" /></>)
export const IconVideo = /* @__PURE__ */ icon('IconVideo', <><rect x="3" y="6.5" width="12.5" height="11" rx="2.5" /><path d="M15.5 10.5l5-3v9l-5-3" /></>)
export const IconChat = /* @__PURE__ */ icon('IconChat', <path d="M4.5 5.5h15a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5V17.5h-1A1.5 1.5 0 0 1 3 16V7a1.5 1.5 0 0 1 1.5-1.5z" />)
export const IconMore = /* @__PURE__ */ icon('IconMore', <><circle cx="5.5" cy="12" r="1.2" /><circle cx="12" cy="12" r="1.2" /><circle cx="18.5" cy="12" r="1.2" /></>)
export const IconGame = /* @__PURE__ */ icon('IconGame', <><rect x="3" y="7.5" width="18" height="10" rx="5" /><path d="M7.5 11v3M6 12.5h3M15.5 12h.01M17.5 14h.01" /></>)
export const IconSend = /* @__PURE__ */ icon('IconSend', <path d="M4 12l16-7.5-6 16-2.5-6.5z" />, true)
export const IconPlus = /* @__PURE__ */ icon('IconPlus', <path d="M12 5v14M5 12h14" />)
export const IconFlag = /* @__PURE__ */ icon('IconFlag', <path d="M5.5 21V4.5M5.5 4.5h11l-2 4 2 4h-11" />)
export const IconMinimize = /* @__PURE__ */ icon('IconMinimize', <><rect x="3.5" y="5" width="17" height="14" rx="2" /><rect x="11.5" y="11.5" width="7" height="5.5" rx="1" /></>)
export const IconGift = /* @__PURE__ */ icon('IconGift', <><rect x="4" y="10" width="16" height="10" rx="1.5" /><path d="M3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1.5S9.5 7 12 7zm0 0c2-4 6-4 6-1.5S14.5 7 12 7z" /></>)
