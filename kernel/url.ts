// The one gate for every image URL taken from data (an avatar, a gift picture, a banner): only
// https:, http: below the configured API base, the page's own paths, blob: and data:image/ pass; everything else
// (javascript:, other data:, file:, a '//host' or '/\host' trick, garbage) becomes ''. In CSS, use
// cssImage (ui/css-image.ts), which escapes what could end url("...").

// read as text, not parsed (this file is on the first screen): a path of this page, https without
// credentials, blob:, an inline picture; plain http only below the configured API base
const OK = /^(\/(?![\\/])|https:\/\/[^@/?#\\]+([/?#]|$)|blob:|data:image\/[\w+.-]+[;,])/i

/** the URL if an image may be loaded from it, else '' */
export function safeImageUrl(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : ''
  if (/[\u0000-\u001f\u007f]/.test(text)) return ''
  const api = window.__APP_CONFIG__?.apiBase
  const http = !!api && /^http:/.test(api) && text.startsWith(api.replace(/\/*$/, '/'))
  return OK.test(text) || http ? text : ''
}
