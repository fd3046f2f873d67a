import { icon } from '../../kernel/ui/icons.tsx'

export const IconHeart = /* @__PURE__ */ icon('IconHeart', <path d="M12 20.5S3.5 15.2 3.5 9.2A4.6 4.6 0 0 1 12 6.6a4.6 4.6 0 0 1 8.5 2.6c0 6-8.5 11.3-8.5 11.3z" fill="currentColor" />)
