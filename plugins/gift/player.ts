// The full-screen gift players, chosen by the file's format: lottie-web's light build (SVG renderer)
// for Lottie, svga for SVGA (svga-player.ts), yyeva for alpha-channel MP4 (mp4-player.ts), each
// loaded on first use through the kernel's one loader and never part of the first screen. A Lottie
// player is made per play and destroyed when it ends, fails or is cancelled; the SVGA and MP4
// players are one per room, let go with it (releaseRoomPlayers).
import { once } from '../../kernel/once.ts'
import { formatOf, type AnimationFormat } from './formats.ts'
import { playMp4, releaseMp4Player } from './mp4-player.ts'
import { playSvga, releaseSvgaPlayer } from './svga-player.ts'

type LottieModule = typeof import('./lottie.ts')

// lottie-web draws on a 2D canvas as it loads: where the browser gives none (a hardened webview, a
// test DOM) the player is not loaded at all and gifts show their banners only
const canvasAtHand = () => !!document.createElement('canvas').getContext?.('2d')
export const loadPlayer = once<LottieModule>(() => (canvasAtHand() ? import('./lottie.ts') : Promise.reject(new Error('no 2D canvas: the gift player cannot run here'))))

/** a WebGL drawn by the CPU (Chromium's SwiftShader, Mesa's llvmpipe and softpipe, Windows' basic
 *  render driver): the browser of a phone without a usable GPU. It composites the page in software
 *  too, and reads each WebGL frame back on the page's main thread (350-700 ms a frame at 4x CPU in a
 *  trace of the MP4 storm), so the room would stand still while an MP4 gift plays */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i

type GlCanvas = Pick<HTMLCanvasElement, 'getContext'>

/** yyeva draws with WebGL: where the browser gives none (a test DOM, WebGL refused) or draws it in
 *  software, an MP4 gift shows its banner's light effect instead of its play. The context asked for
 *  here is let go at once. */
export function gpuDrawsWebgl(canvas: GlCanvas): boolean {
  const gl = (canvas.getContext?.('webgl2') ?? canvas.getContext?.('webgl')) as WebGLRenderingContext | null | undefined
  if (!gl) return false
  const info = gl.getExtension('WEBGL_debug_renderer_info')
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '')
  gl.getExtension('WEBGL_lose_context')?.loseContext()
  return !SOFTWARE_GL.test(renderer)
}
let webgl: boolean | undefined
const webglAtHand = () => (webgl ??= gpuDrawsWebgl(document.createElement('canvas')))

/** the formats this build has a player for; a file of any other format shows its banner only */
export const playsFormat = (f: AnimationFormat | null) => f === 'lottie' || f === 'svga' || f === 'mp4'

/** this device draws a file of format `f` well enough to play it full screen: an MP4 gift needs a
 *  GPU's WebGL */
export const drawsFormat = (f: AnimationFormat | null) => f !== 'mp4' || webglAtHand()

/** the room closed or its host changed: the SVGA and MP4 players are destroyed */
export function releaseRoomPlayers() {
  releaseSvgaPlayer()
  releaseMp4Player()
}

/** longest a play may take before it is cut (a broken file never blocks the queue) */
const MAX_PLAY_MS = 8000
/** decoded files kept for the next play of the same gift; the rest are let go */
const CACHE = 4
const files = new Map<string, Promise<unknown>>()
let alive = 0

/** how many Lottie players exist now (tests and the bench check it returns to 0) */
export const playersAlive = () => alive

function fileOf(url: string): Promise<unknown> {
  let p = files.get(url)
  if (!p) {
    p = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`animation ${r.status}`)
      return r.json()
    })
    p.catch(() => files.delete(url))
    files.set(url, p)
    while (files.size > CACHE) files.delete(files.keys().next().value!)
  }
  return p
}

/** play `url` once in `el`; resolves when done, failed or aborted, with the player destroyed */
export async function playAnimation(el: HTMLElement, url: string, abort: AbortSignal): Promise<void> {
  const format = formatOf(url)
  if (format === 'svga') return canvasAtHand() ? playSvga(el, url, abort, MAX_PLAY_MS) : undefined
  if (format === 'mp4') return webglAtHand() ? playMp4(el, url, abort, MAX_PLAY_MS) : undefined
  const [{ lottie, dataToPlay }, data] = await Promise.all([loadPlayer(), fileOf(url)])
  if (abort.aborted) return
  alive++
  const anim = lottie.loadAnimation({ container: el, renderer: 'svg', loop: false, autoplay: true, animationData: dataToPlay(data) })
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, MAX_PLAY_MS)
      const done = () => {
        clearTimeout(timer)
        resolve()
      }
      anim.addEventListener('complete', done)
      anim.addEventListener('data_failed', done)
      abort.addEventListener('abort', done, { once: true })
    })
  } finally {
    anim.destroy()
    alive--
  }
}
