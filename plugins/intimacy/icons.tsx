import { icon } from '../../kernel/ui/icons.tsx'

export const IconHeart = /* @__PURE__ */ icon('IconHeart', <path d="M12 20.5S3.5 15.2 3.5 9.2A4.6 4.6 0 0 1 12 6.6a4.6 4.6 0 0 1 8.5 2.6c0 6-8.5 11.3-8.5 11.3z" fill="currentColor" />)
/** the experience sources of the Increase tab */
export const IconBubble = /* @__PURE__ */ icon('IconBubble', <path d="M4.5 5.5h15a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5V17.5h-1A1.5 1.5 0 0 1 3 16V7a1.5 1.5 0 0 1 1.5-1.5z" />)
export const IconPresent = /* @__PURE__ */ icon('IconPresent', <><rect x="4" y="10" width="16" height="10" rx="1.5" /><path d="M3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1.5S9.5 7 12 7zm0 0c2-4 6-4 6-1.5S14.5 7 12 7z" /></>)
export const IconCamera = /* @__PURE__ */ icon('IconCamera', <><rect x="3" y="6.5" width="12.5" height="11" rx="2.5" /><path d="M15.5 10.5l5-3v9l-5-3" /></>)
