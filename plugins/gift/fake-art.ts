// The harness's own gift art, made from the gift id (nothing from the internet): a small SVG
// picture per gift and, for full-screen gifts, a Lottie animation of about real size (tens of
// layers, 3 s at 30 fps), so the app's player, queue and memory are exercised as with real files.
const HUES = [350, 20, 45, 90, 160, 200, 230, 270, 300, 320]

const hueOf = (id: number) => HUES[id % HUES.length]

/** the gift's picture: a wrapped box in the gift's colour with a sparkle */
export function giftSvg(id: number): string {
  const h = hueOf(id)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},90%,68%)"/><stop offset="1" stop-color="hsl(${h},80%,42%)"/></linearGradient></defs>
<rect x="14" y="38" width="68" height="46" rx="8" fill="url(#g)"/>
<rect x="10" y="28" width="76" height="16" rx="6" fill="hsl(${h},85%,58%)"/>
<rect x="43" y="28" width="10" height="56" fill="hsl(${(h + 40) % 360},95%,75%)"/>
<path d="M48 28c-8-14-24-14-22-4 2 7 14 6 22 4zm0 0c8-14 24-14 22-4-2 7-14 6-22 4z" fill="hsl(${(h + 40) % 360},95%,70%)"/>
<path d="M78 10l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#fff" opacity=".9"/>
<text x="48" y="72" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff">${id % 100}</text>
</svg>`
}

const ease = { i: { x: [0.5], y: [1] }, o: { x: [0.5], y: [0] } }
const keys = (frames: Array<[number, number[]]>) => ({
  a: 1,
  k: frames.map(([t, s], n) => (n < frames.length - 1 ? { t, s, ...ease } : { t, s })),
})
const fixed = (k: unknown) => ({ a: 0, k })

/** a full-screen animation: `layers` bursting shapes in the gift's colours over 3 s */
export function giftLottie(id: number, layers = 48): Record<string, unknown> {
  const h = hueOf(id)
  const out: unknown[] = []
  for (let i = 0; i < layers; i++) {
    const angle = (i / layers) * Math.PI * 2
    const dist = 120 + ((i * 37) % 180)
    const x2 = 195 + Math.cos(angle) * dist
    const y2 = 420 + Math.sin(angle) * dist
    const start = (i * 3) % 24
    const [r, g, b] = hsl((h + (i % 3) * 30) % 360, 0.85, 0.6)
    out.push({
      ddd: 0,
      ind: i + 1,
      ty: 4,
      nm: `spark ${i}`,
      sr: 1,
      ks: {
        o: keys([[start, [0]], [start + 10, [100]], [80, [100]], [90, [0]]]),
        r: keys([[0, [0]], [90, [i % 2 ? 360 : -360]]]),
        p: keys([[start, [195, 420, 0]], [start + 40, [x2, y2, 0]], [90, [x2, y2 + 40, 0]]]),
        a: fixed([0, 0, 0]),
        s: keys([[start, [10, 10, 100]], [start + 30, [110, 110, 100]], [90, [70, 70, 100]]]),
      },
      ao: 0,
      shapes: [
        {
          ty: 'gr',
          it: [
            i % 2
              ? { ty: 'sr', sy: 1, d: 1, pt: fixed(5), p: fixed([0, 0]), r: fixed(0), ir: fixed(10), is: fixed(0), or: fixed(24), os: fixed(0), ix: 1 }
              : { ty: 'el', d: 1, p: fixed([0, 0]), s: fixed([34, 34]) },
            { ty: 'fl', c: fixed([r, g, b, 1]), o: fixed(100), r: 1 },
            { ty: 'tr', p: fixed([0, 0]), a: fixed([0, 0]), s: fixed([100, 100]), r: fixed(0), o: fixed(100), sk: fixed(0), sa: fixed(0) },
          ],
        },
      ],
      ip: 0,
      op: 90,
      st: 0,
      bm: 0,
    })
  }
  return { v: '5.7.4', fr: 30, ip: 0, op: 90, w: 390, h: 844, nm: `gift ${id}`, ddd: 0, assets: [], layers: out }
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    return Math.round((l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 1000) / 1000
  }
  return [f(0), f(8), f(4)]
}
