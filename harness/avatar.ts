// Generated avatars, so fixtures need nothing from the internet: a gradient picked from the id
// and the initials of the name. Arabic names keep their letters (one letter, no joining issues).
function hash(text: string): number {
  let h = 2166136261
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619)
  return h >>> 0
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0])
  const out = letters.join('')
  return /[\u0600-\u06ff]/.test(out) ? letters[0] : out.toUpperCase() // one Arabic letter reads better than two disjoint ones
}

export function avatarSvg(id: string, name: string): string {
  const h = hash(id)
  const hue1 = h % 360
  const hue2 = (hue1 + 40 + ((h >>> 9) % 80)) % 360
  const text = escapeXml(initials(name || id) || '?')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue1},70%,62%)"/><stop offset="1" stop-color="hsl(${hue2},65%,42%)"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<text x="128" y="128" dy=".35em" text-anchor="middle" font-family="system-ui,'Segoe UI','Noto Sans Arabic','Noto Sans',Arial,sans-serif" font-size="104" font-weight="600" fill="#fff">${text}</text>
</svg>`
}
