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
  session = { parser: new svga.Parser(), player: new svga.Player({ container: canvas, loop: 1 }), canvas, videos: new Map(), closed: new AbortController() }
  return session
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
