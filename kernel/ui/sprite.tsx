// Icons drawn from SVG <symbol>s in the document. The first screen's icons are symbols, not
// components: a plugin lists its sheet (an .svg file imported as text) under `sprites`, the build
// writes it into index.html (so it draws with the first paint and costs the first bundle nothing),
// and mountApp adds the sheets that are still text (tests, previews, late plugins). Icons of lazy
// pages stay components in their own chunks.
import type { SVGProps } from 'react'

const injected = new Set<string>()

/** Add a sheet of <symbol>s to the document once; '' (already in index.html) does nothing. */
export function injectSprite(sheet: string): void {
  if (!sheet || injected.has(sheet) || typeof document === 'undefined') return
  injected.add(sheet)
  const holder = document.createElement('div')
  holder.innerHTML = sheet
  if (holder.firstElementChild) document.body.prepend(holder.firstElementChild)
}

/** The symbol `id` at `size` px, in the text colour (`currentColor`), hidden from screen readers. */
export function Sprite({ id, size = 24, ...rest }: SVGProps<SVGSVGElement> & { id: string; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false" {...rest}>
      <use href={`#${id}`} />
    </svg>
  )
}
