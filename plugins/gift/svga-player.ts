// The SVGA gift player: svga's (SVGAPlayer-Web-Lite) Parser, which reads and inflates a file in a
// Web Worker, and one Player drawing on one canvas. Both are made on the room's first SVGA play,
// reused for every SVGA gift after it, and destroyed when the room closes (releaseSvgaPlayer), the
// worker terminated and the decoded files let go: the field's best-known leak is a player per gift
// left alive (SVGAPlayer-Web issues 84 and 93). The package loads on first use through once().
import type { Parser as SvgaParser, Player as SvgaPlayer } from 'svga'
import { once } from '../../kernel/once.ts'
import { firstOf } from './until.ts'

type Parser = Pick<SvgaParser, 'load' | 'destroy'>
type Player = Pick<SvgaPlayer, 'mount' | 'start' | 'stop' | 'destroy' | 'onEnd'>
type Video = Awaited<ReturnType<SvgaParser['load']>>
interface Svga {
  Parser: new () => Parser
  Player: new (options: { container: HTMLCanvasElement; loop: number }) => Player
}

const loadSvga = once<Svga>(() => import('./svga.ts'))

/** decoded files kept for the next play of the same gift in the room; the rest are let go */
const CACHE = 2

interface Session {
  parser: Parser
  player: Player
  canvas: HTMLCanvasElement
  videos: Map<string, Promise<Video>>
  /** aborted when the room closes: a play under way ends there */
  closed: AbortController
}
let session: Session | null = null

async function sessionOf(): Promise<Session> {
  const svga = await loadSvga()
  if (session) return session
  const canvas = document.createElement('canvas')
  canvas.className = 'gf-full__canvas'
  canvas.dataset.testid = 'gift-svga'
  // loop 1: one play, then onEnd (0 would loop for ever)
  const player = new svga.Player({ container: canvas, loop: 1 })
  clearsInPlace(player, canvas)
  session = { parser: new svga.Parser(), player, canvas, videos: new Map(), closed: new AbortController() }
  return session
}

/**
 * svga clears its canvases by setting their size again, every frame: the shown one's width, and its
 * drawing canvas's width and height before it draws a frame there. Each set drops the bitmap and
 * allocates a new one, 25 ms a frame at 4x CPU for a 390 x 844 view box. On both, a set to the size
 * the canvas has now does what the set would, in place: the bitmap cleared and the drawing state
 * reset (3 ms); a new size still allocates.
 */
export function clearsInPlace(player: object, shown: HTMLCanvasElement) {
  clearInPlace(shown)
  // the drawing canvas is a private field of svga 2.x: without it, there is nothing to spare there
  const drawing = (player as { ofsCanvas?: unknown }).ofsCanvas
  if (drawing instanceof HTMLCanvasElement || (typeof OffscreenCanvas === 'function' && drawing instanceof OffscreenCanvas)) clearInPlace(drawing)
}

/** a set of `canvas`'s size to the size it has clears it in place; a canvas without a 2D context
 *  keeps the browser's own set */
function clearInPlace(canvas: HTMLCanvasElement | OffscreenCanvas) {
  for (const side of ['width', 'height'] as const) {
    const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(canvas), side)
    const get = own?.get
    const set = own?.set
    if (!get || !set) continue
    Object.defineProperty(canvas, side, {
      configurable: true,
      get: () => get.call(canvas),
      set(value: number) {
        // the browser's own conversion of a size (an unsigned long): 390.7 is 390
        const context = Number(value) >>> 0 === get.call(canvas) ? canvas.getContext('2d') : null
        if (!context) return set.call(canvas, value)
        if (typeof context.reset === 'function') context.reset()
        else {
          context.setTransform(1, 0, 0, 1, 0, 0)
          context.clearRect(0, 0, canvas.width, canvas.height)
        }
      },
    })
  }
}

function videoOf(s: Session, url: string): Promise<Video> {
  let p = s.videos.get(url)
  if (!p) {
    // the parser's worker runs from a blob: URL, where a relative path resolves to nothing
    p = s.parser.load(new URL(url, location.href).href)
    p.catch(() => s.videos.delete(url))
    s.videos.set(url, p)
    while (s.videos.size > CACHE) s.videos.delete(s.videos.keys().next().value!)
  }
  return p
}

/** play the SVGA file at `url` once in `el`, within `maxMs` from the call; resolves when done, failed
 *  (a file the parser refuses rejects), cut by time, aborted or the room closed, the canvas taken out */
export async function playSvga(el: HTMLElement, url: string, abort: AbortSignal, maxMs: number): Promise<void> {
  const cut = AbortSignal.timeout(maxMs)
  const s = await sessionOf()
  const stop = [abort, cut, s.closed.signal]
  const video = await Promise.race([videoOf(s, url), firstOf(maxMs, ...stop).then(() => null)])
  if (!video || stop.some((a) => a.aborted)) return
  el.append(s.canvas)
  try {
    await s.player.mount(video)
    const ended = new Promise<void>((resolve) => (s.player.onEnd = resolve))
    s.player.start()
    await Promise.race([ended, firstOf(maxMs, ...stop)])
  } finally {
    s.player.onEnd = undefined
    // stop() also clears the canvas; after a release the player is gone already
    if (session === s) s.player.stop()
    s.canvas.remove()
  }
}

/** the room closed: the player and the parser's worker are destroyed, the decoded files let go */
export function releaseSvgaPlayer() {
  const s = session
  if (!s) return
  session = null
  s.closed.abort()
  s.player.destroy()
  s.parser.destroy()
  s.videos.clear()
  s.canvas.remove()
  s.canvas.width = 0
}
