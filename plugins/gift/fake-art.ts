// The harness's own gift art (nothing from the internet): a picture per gift, its motif and colour
// from the catalogue (fixtures/gifts.json `art`), and, for full-screen gifts, a Lottie animation of about real size (tens of
// layers, 3 s at 30 fps), so the app's player, queue and memory are exercised as with real files.
const HUES = [350, 20, 45, 90, 160, 200, 230, 270, 300, 320]

const hueOf = (id: number) => HUES[id % HUES.length]

/** What a gift's picture shows (fixtures/gifts.json `art`), and its colour. */
export type GiftArt = keyof typeof MOTIFS
interface Paint {
  /** the gift's gradient fill, light to dark */
  fill: string
  /** a darker line or shade of the same colour */
  dark: string
  /** a lighter tint, for highlights */
  light: string
}

const GOLD = 'url(#gold)'
const GREEN = '#3fa34d'
const LEAF = '#2f8a3c'
/** a soft white shine on the upper left, as on a glossy picture */
const shine = (x: number, y: number, rx: number, ry: number) => `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="#fff" opacity=".45" transform="rotate(-30 ${x} ${y})"/>`
const star = (cx: number, cy: number, r: number, ir: number, fill: string) => {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2
    const d = i % 2 ? ir : r
    return `${(cx + Math.cos(a) * d).toFixed(1)},${(cy + Math.sin(a) * d).toFixed(1)}`
  })
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`
}
const sparkle = (x: number, y: number, s = 1) => `<path d="M${x} ${y - 7 * s}l${2 * s} ${5 * s} ${5 * s} ${2 * s}-${5 * s} ${2 * s}-${2 * s} ${5 * s}-${2 * s}-${5 * s}-${5 * s}-${2 * s} ${5 * s}-${2 * s}z" fill="#fff" opacity=".9"/>`
const HEART = 'M48 84C20 64 8 50 8 33 8 20 18 11 30 11c8 0 14 4 18 11 4-7 10-11 18-11 12 0 22 9 22 22 0 17-12 31-40 51z'
const rose = (p: Paint) =>
  `<path d="M50 50c2 14-2 26-6 38" stroke="${LEAF}" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M47 70c-12-2-20 2-24 10 10 2 19-1 24-10zM49 62c10-6 19-5 25 1-9 5-18 5-25-1z" fill="${GREEN}"/>
<path d="M48 54c-16 0-26-10-26-24 0-8 4-15 10-18 2 6 8 9 16 9s14-3 16-9c6 3 10 10 10 18 0 14-10 24-26 24z" fill="${p.fill}"/>
<path d="M34 14c4-6 9-8 14-8s10 2 14 8c-2 8-8 12-14 12s-12-4-14-12z" fill="${p.dark}"/>
<path d="M40 24c2-6 5-9 8-9s6 3 8 9c-2 6-5 8-8 8s-6-2-8-8z" fill="${p.light}"/>
<path d="M30 30c4 10 10 14 18 14s14-4 18-14" stroke="${p.dark}" stroke-width="2" fill="none"/>${shine(34, 26, 5, 3)}`

/** one drawing per kind of gift, in a 96 x 96 box */
const MOTIFS = {
  rose,
  heart: (p: Paint) => `<path d="${HEART}" fill="${p.fill}"/><path d="${HEART}" fill="none" stroke="${p.dark}" stroke-width="2"/>${shine(28, 28, 9, 5)}${sparkle(80, 16)}`,
  diamondHeart: (p: Paint) =>
    `<path d="${HEART}" fill="${p.fill}"/><path d="M8 33h80M30 11l-6 22 24 51 24-51-6-22M48 22l-24 11M48 22l24 11M48 22v62" stroke="${p.light}" stroke-width="1.6" fill="none" opacity=".8"/><path d="${HEART}" fill="none" stroke="${p.dark}" stroke-width="2"/>${shine(26, 24, 7, 4)}${sparkle(82, 12)}${sparkle(14, 70, 0.7)}`,
  kiss: (p: Paint) =>
    `<path d="M8 46c10-14 22-22 30-22 4 0 7 2 10 5 3-3 6-5 10-5 8 0 20 8 30 22-12 2-26 3-40 3S20 48 8 46z" fill="${p.fill}"/>
<path d="M8 46c12 2 26 3 40 3s28-1 40-3C78 64 64 74 48 74S18 64 8 46z" fill="${p.dark}"/><path d="M8 46c14 4 26 5 40 5s26-1 40-5" stroke="#5a0a1e" stroke-width="2" fill="none"/>${shine(30, 36, 8, 3)}${shine(56, 62, 10, 3)}`,
  coffee: (p: Paint) =>
    `<path d="M34 22c-4-6 4-8 0-14M48 22c-4-6 4-8 0-14M62 22c-4-6 4-8 0-14" stroke="#cfc6d8" stroke-width="3" fill="none" stroke-linecap="round"/>
<ellipse cx="48" cy="82" rx="38" ry="8" fill="#e9e3ef"/><path d="M70 40h6a12 12 0 0 1 0 24h-8" stroke="${p.dark}" stroke-width="6" fill="none"/>
<path d="M18 30h56v22c0 16-12 28-28 28S18 68 18 52z" fill="${p.fill}"/><ellipse cx="46" cy="30" rx="28" ry="6" fill="#5b3623"/>${shine(28, 46, 5, 10)}`,
  teddy: (p: Paint) =>
    `<circle cx="24" cy="20" r="11" fill="${p.dark}"/><circle cx="72" cy="20" r="11" fill="${p.dark}"/><circle cx="24" cy="20" r="5" fill="${p.light}"/><circle cx="72" cy="20" r="5" fill="${p.light}"/>
<ellipse cx="48" cy="78" rx="28" ry="18" fill="${p.dark}"/><circle cx="48" cy="42" r="30" fill="${p.fill}"/><ellipse cx="48" cy="52" rx="13" ry="10" fill="${p.light}"/>
<circle cx="37" cy="38" r="4" fill="#2b1b12"/><circle cx="59" cy="38" r="4" fill="#2b1b12"/><ellipse cx="48" cy="48" rx="5" ry="4" fill="#2b1b12"/><path d="M43 56q5 4 10 0" stroke="#2b1b12" stroke-width="2" fill="none"/>
<path d="M40 72l8 6 8-6-8-5z" fill="#e8326b"/>${shine(34, 24, 6, 3)}`,
  perfume: (p: Paint) =>
    `<rect x="40" y="8" width="16" height="12" rx="3" fill="${GOLD}"/><rect x="43" y="20" width="10" height="10" fill="${GOLD}"/><path d="M56 12h10" stroke="#999" stroke-width="3"/><circle cx="72" cy="12" r="6" fill="${p.dark}"/>
<rect x="18" y="30" width="60" height="58" rx="14" fill="${p.fill}"/><rect x="18" y="30" width="60" height="58" rx="14" fill="none" stroke="${p.dark}" stroke-width="2"/><rect x="30" y="52" width="36" height="18" rx="4" fill="${p.light}" opacity=".85"/>${shine(30, 44, 5, 10)}`,
  ring: (p: Paint) =>
    `<ellipse cx="48" cy="62" rx="30" ry="26" fill="none" stroke="${GOLD}" stroke-width="8"/><path d="M34 34l6-8h16l6 8-14 14z" fill="${p.fill}"/><path d="M34 34h28M40 26l8 22 8-22" stroke="${p.light}" stroke-width="1.5" fill="none"/>${sparkle(70, 18)}${sparkle(24, 20, 0.7)}`,
  crown: (p: Paint) =>
    `<path d="M10 34l16 16 22-32 22 32 16-16-8 44H18z" fill="${GOLD}"/><rect x="16" y="72" width="64" height="12" rx="4" fill="#c8901c"/>
<circle cx="10" cy="32" r="5" fill="${GOLD}"/><circle cx="48" cy="16" r="5" fill="${GOLD}"/><circle cx="86" cy="32" r="5" fill="${GOLD}"/>
<circle cx="48" cy="56" r="8" fill="${p.fill}"/><circle cx="28" cy="62" r="5" fill="${p.light}"/><circle cx="68" cy="62" r="5" fill="${p.light}"/>${shine(34, 40, 6, 3)}`,
  car: (p: Paint) =>
    `<path d="M4 62c0-8 4-12 12-14l14-14c4-3 8-4 14-4h14c6 0 10 2 14 6l10 12c8 2 10 6 10 14v6H4z" fill="${p.fill}"/><path d="M32 36l-10 12h24V34H40c-3 0-6 0-8 2zM52 34v14h24L66 38c-3-3-6-4-10-4z" fill="#bfe3ff"/>
<rect x="4" y="64" width="88" height="6" rx="3" fill="${p.dark}"/><circle cx="24" cy="70" r="11" fill="#222"/><circle cx="72" cy="70" r="11" fill="#222"/><circle cx="24" cy="70" r="5" fill="#ccc"/><circle cx="72" cy="70" r="5" fill="#ccc"/>
<rect x="84" y="52" width="8" height="5" rx="2" fill="#ffe27a"/>${shine(36, 44, 10, 2)}`,
  yacht: (p: Paint) =>
    `<path d="M48 6v56" stroke="#8a7a6a" stroke-width="3"/><path d="M50 10c16 10 24 26 26 44H50z" fill="#fff"/><path d="M46 16C34 26 28 40 26 54h20z" fill="${p.light}"/>
<path d="M6 62h84l-12 18H18z" fill="${p.fill}"/><rect x="30" y="54" width="30" height="8" rx="2" fill="#fff"/><path d="M4 86c6-4 10-4 16 0s10 4 16 0 10-4 16 0 10 4 16 0 10-4 16 0" stroke="#3aa0e6" stroke-width="4" fill="none"/>`,
  castle: (p: Paint) =>
    `<path d="M12 40V26h6v5h5v-5h6v14zM67 40V26h6v5h5v-5h6v14z" fill="${p.dark}"/><rect x="12" y="40" width="18" height="48" fill="${p.fill}"/><rect x="66" y="40" width="18" height="48" fill="${p.fill}"/>
<path d="M30 48h36V36h-6v5h-6v-5h-6v5h-6v-5h-6v5h-6z" fill="${p.dark}"/><rect x="30" y="48" width="36" height="40" fill="${p.fill}"/><path d="M40 88V70a8 8 0 0 1 16 0v18z" fill="#4a2e1a"/>
<path d="M21 26V8l12 5-12 5" fill="#e8326b" stroke="#777" stroke-width="1"/><path d="M75 26V8l12 5-12 5" fill="#e8326b" stroke="#777" stroke-width="1"/><rect x="17" y="52" width="8" height="10" rx="4" fill="#ffe27a"/><rect x="71" y="52" width="8" height="10" rx="4" fill="#ffe27a"/>`,
  rocket: (p: Paint) =>
    `<path d="M40 76c-2 10 4 16 8 18 4-2 10-8 8-18z" fill="#ffb02e"/><path d="M44 76c0 8 2 11 4 13 2-2 4-5 4-13z" fill="#fff36b"/>
<path d="M34 56l-12 16 14-2zM62 56l12 16-14-2z" fill="${p.dark}"/><path d="M48 4c14 10 18 30 16 52l-4 20H36l-4-20C30 34 34 14 48 4z" fill="${p.fill}"/>
<circle cx="48" cy="36" r="9" fill="#bfe3ff" stroke="#fff" stroke-width="3"/>${shine(40, 22, 3, 8)}`,
  sticker: (p: Paint) =>
    `<path d="M14 14h68a8 8 0 0 1 8 8v40a8 8 0 0 1-8 8H40l-16 14V70H14a8 8 0 0 1-8-8V22a8 8 0 0 1 8-8z" fill="${p.fill}" stroke="#fff" stroke-width="4"/>
<circle cx="48" cy="42" r="18" fill="#ffd23f"/><circle cx="41" cy="38" r="3" fill="#2b1b12"/><circle cx="55" cy="38" r="3" fill="#2b1b12"/><path d="M39 46q9 9 18 0" stroke="#2b1b12" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  throne: (p: Paint) =>
    `<path d="M26 50V14c0-6 10-10 22-10s22 4 22 10v36z" fill="${p.fill}" stroke="${GOLD}" stroke-width="4"/><path d="M38 22h20v20H38z" fill="${p.light}" opacity=".6"/>
<rect x="14" y="48" width="14" height="12" rx="4" fill="${GOLD}"/><rect x="68" y="48" width="14" height="12" rx="4" fill="${GOLD}"/><rect x="22" y="54" width="52" height="14" rx="5" fill="${p.dark}"/>
<path d="M26 68l-4 22M70 68l4 22" stroke="${GOLD}" stroke-width="5" stroke-linecap="round"/><circle cx="48" cy="12" r="5" fill="#e8326b"/>`,
  dragon: (p: Paint) =>
    `<path d="M38 44L10 16l8 26-10 2 18 10zM58 44l28-28-8 26 10 2-18 10z" fill="${p.dark}"/>
<path d="M30 88c-8-10 0-22 14-24 12-2 16-12 10-22" stroke="${p.fill}" stroke-width="14" fill="none" stroke-linecap="round"/>
<path d="M52 24c6-6 18-6 24 2l8 4-8 4c-4 6-14 10-22 6z" fill="${p.fill}"/><path d="M56 22l-4-10 10 8M66 20l2-10 4 12" fill="${p.dark}"/><circle cx="66" cy="28" r="2.6" fill="#ffe27a"/>
<path d="M30 82l-6 8 10-2" fill="${p.dark}"/><path d="M86 30l6-2-4 6z" fill="#ff7a2e"/>`,
  palace: (p: Paint) =>
    `<path d="M48 8c4 6 18 12 18 26H30c0-14 14-20 18-26z" fill="${GOLD}"/><path d="M48 2v8" stroke="${GOLD}" stroke-width="2"/>
<rect x="10" y="30" width="8" height="58" fill="${p.dark}"/><rect x="78" y="30" width="8" height="58" fill="${p.dark}"/><path d="M14 20l5 10H9zM82 20l5 10h-10z" fill="${GOLD}"/>
<rect x="22" y="34" width="52" height="54" fill="${p.fill}"/><path d="M40 88V66a8 8 0 0 1 16 0v22z" fill="#4a2e1a"/><path d="M28 50a4 4 0 0 1 8 0v8h-8zM60 50a4 4 0 0 1 8 0v8h-8z" fill="#ffe27a"/>`,
  galaxy: (p: Paint) =>
    `<circle cx="48" cy="48" r="40" fill="#1b1036"/><path d="M48 48c12-4 20 8 12 18s-30 6-32-10 16-30 34-26 30 24 22 40" stroke="${p.fill}" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M48 48c-12 4-20-8-12-18s30-6 32 10" stroke="${p.light}" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="48" cy="48" r="6" fill="#fff"/>${star(20, 22, 4, 1.6, '#fff')}${star(76, 74, 3, 1.2, '#fff')}${star(74, 20, 2.5, 1, '#ffe27a')}`,
  clover: (p: Paint) =>
    `<path d="M48 50c6 14 6 28 12 38" stroke="${LEAF}" stroke-width="4" fill="none" stroke-linecap="round"/>
<g fill="${p.fill}"><path d="M48 46C36 46 22 40 24 28s16-10 24 2c8-12 22-14 24-2s-12 18-24 18z"/><path d="M48 46c0-12 6-26 18-24s10 16-2 24c12 8 14 22 2 24s-18-12-18-24z" transform="rotate(0)"/><path d="M48 46c0 12-6 26-18 24s-10-16 2-24c-12-8-14-22-2-24s18 12 18 24z"/><path d="M48 46c12 0 26 6 24 18s-16 10-24-2c-8 12-22 14-24 2s12-18 24-18z"/></g>${shine(36, 30, 5, 3)}${sparkle(82, 14)}`,
  star: (p: Paint) => `${star(48, 50, 42, 18, p.fill)}${star(48, 50, 30, 13, p.light)}${shine(34, 34, 6, 3)}${sparkle(84, 14)}${sparkle(12, 82, 0.7)}`,
  cat: (p: Paint) =>
    `<path d="M24 30l4-20 14 14zM72 30l-4-20-14 14z" fill="${p.fill}"/><rect x="22" y="52" width="52" height="38" rx="16" fill="#fff" stroke="${p.dark}" stroke-width="2"/>
<circle cx="48" cy="40" r="26" fill="#fff" stroke="${p.dark}" stroke-width="2"/><path d="M28 18l4-6 6 6M68 18l-4-6-6 6" fill="${p.light}"/><path d="M74 62V34c0-6 10-6 10 0v28z" fill="#fff" stroke="${p.dark}" stroke-width="2"/>
<path d="M38 40q3-4 6 0M52 40q3-4 6 0" stroke="#2b1b12" stroke-width="2.5" fill="none"/><path d="M45 48l3 3 3-3z" fill="#e8326b"/><path d="M24 48h12M24 52l12-1M60 48h12M60 51l12 1" stroke="#aaa" stroke-width="1"/>
<path d="M30 62h36" stroke="${p.fill}" stroke-width="5"/><circle cx="48" cy="76" r="9" fill="${GOLD}"/><circle cx="48" cy="66" r="3" fill="#ffd23f"/>`,
  box: (p: Paint) =>
    `<rect x="14" y="38" width="68" height="46" rx="8" fill="${p.fill}"/><rect x="10" y="28" width="76" height="16" rx="6" fill="${p.dark}"/>
<rect x="43" y="28" width="10" height="56" fill="${GOLD}"/><path d="M48 28c-8-14-24-14-22-4 2 7 14 6 22 4zm0 0c8-14 24-14 22-4-2 7-14 6-22 4z" fill="${GOLD}"/>${sparkle(80, 12)}${sparkle(16, 16, 0.7)}${shine(24, 50, 6, 3)}`,
}

/** the gift's colour: the catalogue's hue, else one from its id */
function paint(h: number): Paint {
  return { fill: 'url(#fill)', dark: `hsl(${h},70%,38%)`, light: `hsl(${h},95%,82%)` }
}

/** Picture size of a real gift's picture (a square of about 200 px). */
const GIFT_PICTURE_PX = 200

/**
 * The gift's picture, drawn by the harness (nothing from the internet, no number on it): the gift's
 * own motif (a rose, a car, a castle...) in its colour, glossy like a shop's gift picture.
 */
export function giftSvg(id: number, art?: { motif?: string; hue?: number }): string {
  const motif = (art?.motif && art.motif in MOTIFS ? art.motif : 'box') as GiftArt
  const h = art?.hue ?? hueOf(id)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="${GIFT_PICTURE_PX}" height="${GIFT_PICTURE_PX}">
<defs><linearGradient id="fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},90%,68%)"/><stop offset="1" stop-color="hsl(${h},80%,42%)"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe89a"/><stop offset=".5" stop-color="#f5b72f"/><stop offset="1" stop-color="#c8841a"/></linearGradient></defs>
${MOTIFS[motif](paint(h))}
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
