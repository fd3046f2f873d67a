// Stylesheets travel as text (esbuild's text loader), so a lazy chunk carries its own CSS and
// adds it when first imported. One <style> per distinct text, however many modules import it.
const injected = new Set<string>()

/** Add `css` to the document once; later calls with the same text do nothing. */
export function injectStyle(css: string): void {
  if (!css || injected.has(css) || typeof document === 'undefined') return
  injected.add(css)
  const el = document.createElement('style')
  el.setAttribute('data-kernel-style', String(injected.size))
  el.textContent = css
  document.head.appendChild(el)
}

/** The user asked the system for less motion: animations give way to a still or faded form. */
export const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
