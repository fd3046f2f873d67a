// An image from data as a CSS background: through the one URL gate (url.ts), with what could end
// url("...") escaped (quotes, brackets, backslashes, spaces).
import { safeImageUrl } from '../url.ts'

const CSS_UNSAFE = /["'()\\\s<>]/g
const escape = (c: string) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')

/** a CSS background for an image from data, or undefined when it may not be loaded */
export function cssImage(raw: unknown): { backgroundImage: string } | undefined {
  const src = safeImageUrl(raw).replace(CSS_UNSAFE, escape)
  return src ? { backgroundImage: `url("${src}")` } : undefined
}
