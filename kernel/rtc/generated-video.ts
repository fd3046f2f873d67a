// The harness's stand-in for a remote camera: a canvas animation of the user's picture (the
// harness's illustrated avatar) breathing and swaying, with the name below. Where the browser can,
// the canvas is handed to a worker that draws it, so the page's main thread draws nothing, as a real
// remote video is decoded off it (a main-thread painter cost the room under test a tenth of its
// time). Elsewhere it is drawn on the page and shown through a <video> (canvas.captureStream), else
// as the canvas itself. Without a picture, or until it loads, the initials drift over a colour of
// their own. Clearly alive, never frozen.
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
  const spec: FrameSpec = { width: WIDTH, height: HEIGHT, name, label: initials(name), hue: hueOf(name), started: Date.now() }
  const video = drawnInWorker(canvas, spec, doc, picture) ?? drawnOnPage(canvas, spec, doc, picture)
  video.element.setAttribute('data-generated-video', name)
  video.element.style.width = '100%'
  video.element.style.height = '100%'
  video.element.style.objectFit = 'cover'
  return video
}

interface FrameSpec {
  width: number
  height: number
  name: string
  label: string
  hue: number
  /** Date.now() at the start: the motion's clock */
  started: number
}

/** the canvas drawn by a worker: null where the browser cannot hand a canvas over */
function drawnInWorker(canvas: HTMLCanvasElement, spec: FrameSpec, doc: Document, picture?: string): GeneratedVideo | null {
  const win = doc.defaultView as (Window & typeof globalThis) | null
  if (!win?.Worker || !win.URL?.createObjectURL || typeof canvas.transferControlToOffscreen !== 'function' || typeof win.createImageBitmap !== 'function') return null
  let worker: Worker
  let url = ''
  try {
    const offscreen = canvas.transferControlToOffscreen()
    url = win.URL.createObjectURL(new Blob([`const painter = (${painter.toString()});\n(${workerMain.toString()})(painter, ${FPS})`], { type: 'text/javascript' }))
    // named, so a test or a profile tells it from the app's own workers
    worker = new win.Worker(url, { name: 'generated-video' })
    worker.postMessage({ canvas: offscreen, spec }, [offscreen])
  } catch {
    if (url) win.URL.revokeObjectURL(url)
    return null
  }
  let stopped = false
  if (picture)
    loadPicture(doc, picture, (img) => {
      void win.createImageBitmap(bitmapOf(doc, img) as HTMLCanvasElement).then((face) => (stopped ? face.close() : worker.postMessage({ face }, [face])), () => undefined)
    })
  return {
    element: canvas,
    stop() {
      stopped = true
      worker.terminate()
      win.URL.revokeObjectURL(url)
      canvas.remove()
    },
  }
}

/** the worker's code, run from its source text: it uses nothing but its arguments and the worker's globals */
function workerMain(paint: typeof painter, fps: number) {
  let draw: ((face: CanvasImageSource | null) => void) | null = null
  let face: CanvasImageSource | null = null
  self.onmessage = (e: MessageEvent) => {
    if (e.data.canvas) {
      const g = (e.data.canvas as OffscreenCanvas).getContext('2d')
      if (!g) return
      draw = paint(g, e.data.spec)
      draw(face)
      setInterval(() => draw?.(face), 1000 / fps)
    }
    if (e.data.face) face = e.data.face
  }
}

/** the canvas drawn on the page, at the stream's rate */
function drawnOnPage(canvas: HTMLCanvasElement, spec: FrameSpec, doc: Document, picture?: string): GeneratedVideo {
  const g = canvas.getContext('2d')
  const draw = g ? painter(g, spec) : () => {}
  let face: CanvasImageSource | null = null
  if (picture) loadPicture(doc, picture, (img) => (face = bitmapOf(doc, img)))

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
      draw(face)
    }
    raf?.(loop)
  }
  draw(face)
  // requestAnimationFrame stops in background tabs; that is fine for a picture nobody sees
  if (raf) raf(loop)
  else interval = setInterval(() => draw(face), 1000 / FPS)

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

/** call back with the image once it can be drawn (a failed one never is: the initials stay) */
function loadPicture(doc: Document, url: string, ready: (img: HTMLImageElement) => void) {
  const img = doc.createElement('img')
  img.onload = () => {
    if (img.naturalWidth > 0) ready(img)
  }
  img.src = url
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

/** A frame drawer for `g`: the picture filling the frame, breathing and swaying slowly, the name on
 *  a shade below; without it, the initials in a slow figure-of-eight (a frozen picture is easy to
 *  spot). Self-contained: a worker runs it from its source text. */
function painter(g: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, s: FrameSpec) {
  const { width: W, height: H, name, label, hue } = s
  const text = (font: string, value: string, x: number, y: number) => {
    g.fillStyle = '#fff'
    g.textAlign = 'center'
    g.textBaseline = 'middle'
    g.font = font
    g.fillText(value, x, y)
  }
  const initialsFrame = (t: number) => {
    const bg = g.createLinearGradient(0, 0, W, H)
    bg.addColorStop(0, `hsl(${hue}, 60%, 35%)`)
    bg.addColorStop(1, `hsl(${(hue + 60) % 360}, 60%, 20%)`)
    g.fillStyle = bg
    g.fillRect(0, 0, W, H)
    const x = W / 2 + Math.sin(t * 0.9) * W * 0.22
    const y = H * 0.42 + Math.sin(t * 1.8) * H * 0.08
    g.beginPath()
    g.arc(x, y, 70, 0, Math.PI * 2)
    g.fillStyle = `hsl(${hue}, 70%, 70%)`
    g.fill()
    text('bold 56px sans-serif', label, x, y)
    text('24px sans-serif', name, W / 2, H * 0.75)
  }
  const pictureFrame = (img: CanvasImageSource, t: number) => {
    const scale = 1.08 + Math.sin(t * 1.3) * 0.03
    const size = Math.max(W, H) * scale
    const x = (W - size) / 2 + Math.sin(t * 0.7) * 10
    const y = (H - size) / 2 + Math.sin(t * 1.1) * 8
    g.save()
    g.translate(W / 2, H / 2)
    g.rotate(Math.sin(t * 0.6) * 0.02)
    g.translate(-W / 2, -H / 2)
    g.drawImage(img, x, y, size, size)
    g.restore()
    const shade = g.createLinearGradient(0, H * 0.65, 0, H)
    shade.addColorStop(0, 'rgba(0,0,0,0)')
    shade.addColorStop(1, 'rgba(0,0,0,0.55)')
    g.fillStyle = shade
    g.fillRect(0, H * 0.65, W, H * 0.35)
    text('24px sans-serif', name, W / 2, H * 0.88)
  }
  return (face: CanvasImageSource | null) => {
    const t = (Date.now() - s.started) / 1000
    if (face) pictureFrame(face, t)
    else initialsFrame(t)
  }
}
