// The one gate for every image URL taken from data (an avatar, a gift picture, a banner): only
// https:, http: to the app's own or the configured API host, blob: and data:image/ pass; everything else
// (javascript:, other data:, file:, a '//host' or '/\host' trick, garbage) becomes ''. The result is
// safe inside CSS url("...") too: quotes, brackets, backslashes and spaces are escaped.

const here = () => (typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost')
/** plain http only from the page's own host or the API's (the configured one) */
const httpAllowed = (u: URL) => {
  if (u.origin === here()) return true
  try {
    return u.origin === new URL(window.__APP_CONFIG__?.apiBase ?? '').origin
  } catch {
    return false
  }
}
const CSS_UNSAFE = /["'()\\\s<>]/g
const escape = (c: string) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')

/** the URL if an image may be loaded from it, else '' */
export function safeImageUrl(raw: unknown): string {
  if (typeof raw !== 'string') return ''
  const text = raw.trim()
  if (!text || text.length > 200_000 || /[\u0000-\u001f\u007f]/.test(text)) return ''
  if (/^[\\/]{2}|^\/\\/.test(text)) return ''
  if (/^data:/i.test(text)) return /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i.test(text) ? text.replace(CSS_UNSAFE, escape) : ''
  let u: URL
  try {
    u = new URL(text, here())
  } catch {
    return ''
  }
  if (u.username || u.password) return ''
  const ok = u.protocol === 'https:' || u.protocol === 'blob:' || (u.protocol === 'http:' && httpAllowed(u))
  if (!ok) return ''
  // a relative path stays relative (same page, same result); an absolute one is the parsed form
  return (text.startsWith('/') ? u.pathname + u.search + u.hash : u.href).replace(CSS_UNSAFE, escape)
}

/** a CSS background for an image from data, or undefined when it may not be loaded */
export function cssImage(raw: unknown): { backgroundImage: string } | undefined {
  const src = safeImageUrl(raw)
  return src ? { backgroundImage: `url("${src}")` } : undefined
}
