// The harness's stand-in for a remote camera: a canvas animation of the user's picture (the
// harness's illustrated avatar) breathing and swaying, with the name below, shown through a <video>
// (canvas.captureStream) where the browser has it, else as the canvas itself. Without a picture,
// or until it loads, the initials drift over a colour of their own. Clearly alive, never frozen.
export interface GeneratedVideo {
  element: HTMLElement
  stop(): void
}

const WIDTH = 360
const HEIGHT = 640
/** frames a second, as a phone camera sends in a call */
const FPS = 15

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (!words.length) return '?'
  const letters = words.length === 1 ? [...words[0]].slice(0, 2) : [[...words[0]][0], [...words[words.length - 1]][0]]
  return letters.join('').toUpperCase()
}

function hueOf(name: string) {
  let h = 0
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360
  return h
}

export function generatedVideo(name: string, doc: Document = document, picture?: string): GeneratedVideo {
  const canvas = doc.createElement('canvas')
  canvas.width = WIDTH
  canvas.height = HEIGHT
  const g = canvas.getContext('2d')
  const hue = hueOf(name)
  const label = initials(name)
  const started = Date.now()
  const face = picture ? loadPicture(doc, picture) : null

  const draw = () => {
    if (!g) return
    const t = (Date.now() - started) / 1000
    if (face?.ready) return drawPicture(g, face.img, name, t)
    const bg = g.createLinearGradient(0, 0, WIDTH, HEIGHT)
    bg.addColorStop(0, `hsl(${hue}, 60%, 35%)`)
    bg.addColorStop(1, `hsl(${(hue + 60) % 360}, 60%, 20%)`)
    g.fillStyle = bg
    g.fillRect(0, 0, WIDTH, HEIGHT)
    // a slow figure-of-eight so a frozen picture is easy to spot
    const x = WIDTH / 2 + Math.sin(t * 0.9) * WIDTH * 0.22
    const y = HEIGHT * 0.42 + Math.sin(t * 1.8) * HEIGHT * 0.08
    g.beginPath()
    g.arc(x, y, 70, 0, Math.PI * 2)
    g.fillStyle = `hsl(${hue}, 70%, 70%)`
    g.fill()
    g.fillStyle = '#fff'
    g.textAlign = 'center'
    g.textBaseline = 'middle'
    g.font = 'bold 56px sans-serif'
    g.fillText(label, x, y)
    g.font = '24px sans-serif'
    g.fillText(name, WIDTH / 2, HEIGHT * 0.75)
  }

  let running = true
  const win = doc.defaultView
  const raf = win?.requestAnimationFrame?.bind(win)
  let interval: ReturnType<typeof setInterval> | null = null
  let drawnAt = 0
  // drawn at the stream's rate, not the screen's: a camera sends FPS frames a second, and drawing
  // 60 would cost the page under test four times what the video it stands for costs
  const loop = (now: number) => {
    if (!running) return
    if (now - drawnAt >= 1000 / FPS - 2) {
      drawnAt = now
      draw()
    }
    raf?.(loop)
  }
  draw()
  // requestAnimationFrame stops in background tabs; that is fine for a picture nobody sees
  if (raf) raf(loop)
  else interval = setInterval(draw, 1000 / FPS)

  let element: HTMLElement = canvas
  const capture = (canvas as HTMLCanvasElement & { captureStream?: (fps?: number) => MediaStream }).captureStream
  if (typeof capture === 'function') {
    try {
      const video = doc.createElement('video')
      video.muted = true
      video.autoplay = true
      video.playsInline = true
      video.srcObject = capture.call(canvas, FPS)
      void video.play?.()?.catch?.(() => undefined)
      element = video
    } catch {
      element = canvas
    }
  }
  element.setAttribute('data-generated-video', name)
  element.style.width = '100%'
  element.style.height = '100%'
  element.style.objectFit = 'cover'

  return {
    element,
    stop() {
      running = false
      if (interval) clearInterval(interval)
      const stream = (element as HTMLVideoElement).srcObject as MediaStream | null | undefined
      stream?.getTracks?.().forEach((t) => t.stop())
      element.remove()
    },
  }
}

/** an image loading from url; ready once it can be drawn (a failed one never is: initials stay) */
function loadPicture(doc: Document, url: string): { img: CanvasImageSource; ready: boolean } {
  const img = doc.createElement('img')
  const face: { img: CanvasImageSource; ready: boolean } = { img, ready: false }
  img.onload = () => {
    if (!(img.naturalWidth > 0)) return
    face.img = bitmapOf(doc, img)
    face.ready = true
  }
  img.src = url
  return face
}

/** the picture drawn once into a canvas of the size it is drawn at: an SVG would be rasterised again at
 *  every frame */
function bitmapOf(doc: Document, img: HTMLImageElement): CanvasImageSource {
  const side = Math.round(Math.max(WIDTH, HEIGHT) * 1.12)
  const canvas = doc.createElement('canvas')
  canvas.width = canvas.height = side
  const g = canvas.getContext('2d')
  if (!g) return img
  g.drawImage(img, 0, 0, side, side)
  return canvas
}

/** the picture filling the frame, breathing and swaying slowly, the name on a shade below */
function drawPicture(g: CanvasRenderingContext2D, img: CanvasImageSource, name: string, t: number) {
  const scale = 1.08 + Math.sin(t * 1.3) * 0.03
  const size = Math.max(WIDTH, HEIGHT) * scale
  const x = (WIDTH - size) / 2 + Math.sin(t * 0.7) * 10
  const y = (HEIGHT - size) / 2 + Math.sin(t * 1.1) * 8
  g.save()
  g.translate(WIDTH / 2, HEIGHT / 2)
  g.rotate(Math.sin(t * 0.6) * 0.02)
  g.translate(-WIDTH / 2, -HEIGHT / 2)
  g.drawImage(img, x, y, size, size)
  g.restore()
  const shade = g.createLinearGradient(0, HEIGHT * 0.65, 0, HEIGHT)
  shade.addColorStop(0, 'rgba(0,0,0,0)')
  shade.addColorStop(1, 'rgba(0,0,0,0.55)')
  g.fillStyle = shade
  g.fillRect(0, HEIGHT * 0.65, WIDTH, HEIGHT * 0.35)
  g.fillStyle = '#fff'
  g.textAlign = 'center'
  g.textBaseline = 'middle'
  g.font = '24px sans-serif'
  g.fillText(name, WIDTH / 2, HEIGHT * 0.88)
}
