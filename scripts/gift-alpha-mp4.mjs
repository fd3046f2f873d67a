// Makes the harness's alpha-channel MP4 gift (fixtures/gift-alpha.mp4), as YYEVA-Web plays a file
// without its metadata box: one H.264 frame holds the alpha mask on its left half (white opaque,
// black transparent) and the colour on its right half. Chromium draws the two halves on a canvas
// and records it with MediaRecorder ('video/mp4;codecs=avc1'); the file is committed, so this runs
// only when the art changes:
//   node scripts/gift-alpha-mp4.mjs            (CHROMIUM_PATH overrides /usr/bin/chromium)
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const OUT = fileURLToPath(new URL('../fixtures/gift-alpha.mp4', import.meta.url))
/** one half's size: a phone's shape (390 x 844) at about half its CSS size, even for H.264 */
const HALF = { w: 216, h: 468 }
const FPS = 30
const SECONDS = 3
const BITS_PER_SECOND = 220_000

// the page's script (a string: it runs in Chromium as it is)
const RECORD = `async ({ w, h, fps, seconds, bits }) => {
  const canvas = document.createElement('canvas')
  canvas.width = w * 2
  canvas.height = h
  const g = canvas.getContext('2d')
  const frames = fps * seconds
  const discs = 14
  /** everything the gift shows at time t (0..1), once as the mask (white) and once in colour */
  const draw = (t, x0, colour) => {
    const paint = (c) => (g.fillStyle = colour ? c : '#fff')
    const cx = x0 + w / 2, cy = h * 0.45
    // the gem in the middle: there from the first frame to the last
    g.save()
    g.translate(cx, cy)
    g.rotate(t * Math.PI)
    paint('#f5c518')
    g.fillRect(-34, -34, 68, 68)
    g.restore()
    paint('#ff3d7f')
    g.beginPath(); g.arc(cx, cy, 20, 0, Math.PI * 2); g.fill()
    // discs bursting out of it, fading (a grey mask is a half-transparent pixel)
    for (let i = 0; i < discs; i++) {
      const a = (i / discs) * Math.PI * 2 + t
      const d = 40 + t * (70 + (i % 3) * 20)
      const fade = t < 0.8 ? 1 : (1 - t) / 0.2
      if (colour) g.fillStyle = ['#ff3d7f', '#7c4dff', '#00c2ff'][i % 3]
      else g.fillStyle = 'rgb(' + [255 * fade, 255 * fade, 255 * fade].map(Math.round).join(',') + ')'
      g.beginPath(); g.arc(cx + Math.cos(a) * d, cy + Math.sin(a) * d, 9 + 6 * t, 0, Math.PI * 2); g.fill()
    }
  }
  const stream = canvas.captureStream(fps)
  const rec = new MediaRecorder(stream, { mimeType: 'video/mp4;codecs=avc1', videoBitsPerSecond: bits })
  const chunks = []
  rec.ondataavailable = (e) => chunks.push(e.data)
  const stopped = new Promise((r) => (rec.onstop = r))
  rec.start()
  for (let f = 0; f < frames; f++) {
    g.fillStyle = '#000'
    g.fillRect(0, 0, w * 2, h)
    draw(f / (frames - 1), 0, false)
    draw(f / (frames - 1), w, true)
    await new Promise((r) => setTimeout(r, 1000 / fps))
  }
  rec.stop()
  await stopped
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s)
}`

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage()
  const base64 = await page.evaluate(`(${RECORD})(${JSON.stringify({ w: HALF.w, h: HALF.h, fps: FPS, seconds: SECONDS, bits: BITS_PER_SECOND })})`)
  const file = Buffer.from(base64, 'base64')
  writeFileSync(OUT, file)
  console.log(`${OUT}: ${file.length} bytes`)
} finally {
  await browser.close()
}
