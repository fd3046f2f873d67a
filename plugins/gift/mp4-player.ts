// The alpha-channel MP4 gift player: yyeva (YYEVA-Web) draws each H.264 frame's colour half through
// its alpha half on a WebGL canvas (a plain file: alpha on the left half, colour on the right). A
// YYEVA player is bound to one file (its <video>, its canvas and WebGL context), so a room keeps one
// player: reused while the same file plays again, replaced (the old one destroyed, its context lost)
// when another file plays, and destroyed when the room closes or its host changes (release). The
// <video> is the player's own element, made here (yyeva's videoID), so a file that never loads is
// let go here too. Gift videos play muted: a webview plays a muted video without a tap.
import type { YYEvaOptionsType, YYEvaType } from 'yyeva'
import { once } from '../../kernel/once.ts'
import { firstOf } from './until.ts'

type Player = Pick<YYEvaType, 'start' | 'stop' | 'destroy' | 'onEnd' | 'onError'>
type Options = Pick<
  YYEvaOptionsType,
  'container' | 'videoUrl' | 'videoID' | 'loop' | 'autoplay' | 'endPause' | 'mute' | 'alphaDirection' | 'usePrefetch' | 'useVideoDBCache' | 'renderType' | 'mode' | 'logLevel' | 'showPlayerInfo'
>
export interface Yyeva {
  yyEva: (options: Options) => Promise<Player>
}

interface Current {
  url: string
  video: HTMLVideoElement
  /** null: the file did not load (or no player came in time): the next play tries again */
  player: Promise<Player | null>
}

interface Session {
  /** the container yyeva draws in: put into each play's layer, taken out after it */
  host: HTMLDivElement
  current: Current | null
  /** aborted when the room closes: a play under way ends there */
  closed: AbortController
}

const OPTIONS: Omit<Options, 'container' | 'videoUrl' | 'videoID'> = {
  // one play: endPause keeps the player after its end (yyeva destroys it there otherwise), and its
  // loop of the <video> is then how yyeva finds the last frame
  loop: 1,
  endPause: true,
  autoplay: false,
  mute: true,
  alphaDirection: 'left',
  // the browser streams the file: yyeva's prefetch reads it whole on the main thread, and its
  // IndexedDB copy would keep every gift video on the phone for ever (the HTTP cache keeps them)
  usePrefetch: false,
  useVideoDBCache: false,
  renderType: 'webgl',
  mode: 'AspectFit',
  logLevel: 'warn',
  showPlayerInfo: false,
}

const stopped = (signals: AbortSignal[]) => signals.some((s) => s.aborted)

/** true once `video` has read the file's header (a file Chromium cannot decode errors instead) */
function loadsMetadata(video: HTMLVideoElement, url: string, ms: number, stop: AbortSignal[]): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      video.removeEventListener('loadedmetadata', ok_)
      video.removeEventListener('error', failed)
      resolve(ok)
    }
    const ok_ = () => done(true)
    const failed = () => done(false)
    video.addEventListener('loadedmetadata', ok_)
    video.addEventListener('error', failed)
    void firstOf(ms, ...stop).then(failed)
    video.src = url
  })
}

export function createMp4Player(load: () => Promise<Yyeva>) {
  let session: Session | null = null
  let seq = 0

  const sessionOf = (): Session => {
    if (session) return session
    const host = document.createElement('div')
    host.className = 'gf-full__canvas'
    host.dataset.testid = 'gift-mp4'
    return (session = { host, current: null, closed: new AbortController() })
  }

  /** the player of `current` destroyed when it comes (now, later, or never for a file that hangs) */
  const retire = (s: Session) => {
    const c = s.current
    if (!c) return
    s.current = null
    void c.player.then((p) => p?.destroy())
    c.video.removeAttribute('src')
    c.video.load()
    c.video.remove()
  }

  /** the room's player for `url`: the one it has, or a new one once its <video> read the file */
  const playerFor = (s: Session, yyeva: Yyeva, url: string, ms: number, stop: AbortSignal[]): Promise<Player | null> => {
    if (s.current?.url === url) return s.current.player
    retire(s)
    const video = document.createElement('video')
    video.id = `gift-mp4-video-${++seq}`
    video.muted = true
    video.crossOrigin = 'anonymous'
    video.preload = 'auto'
    video.setAttribute('playsinline', '')
    s.host.append(video)
    const make = async () => ((await loadsMetadata(video, url, ms, stop)) ? yyeva.yyEva({ ...OPTIONS, container: s.host, videoUrl: url, videoID: video.id }) : null)
    const current: Current = { url, video, player: make().catch(() => null) }
    s.current = current
    void current.player.then((p) => {
      if (!p && s.current === current) retire(s)
    })
    return current.player
  }

  return {
    /** play the MP4 file at `url` once in `el`, within `maxMs` from the call; resolves when done,
     *  failed (a file the <video> cannot read, an error mid-play), cut by time, aborted or the room
     *  closed, the player's layer taken out */
    async play(el: HTMLElement, url: string, abort: AbortSignal, maxMs: number): Promise<void> {
      const cut = AbortSignal.timeout(maxMs)
      const yyeva = await load()
      const s = sessionOf()
      const stop = [abort, cut, s.closed.signal]
      if (stopped(stop)) return
      el.append(s.host)
      let player: Player | null = null
      try {
        player = await Promise.race([playerFor(s, yyeva, url, maxMs, stop), firstOf(maxMs, ...stop).then(() => null)])
        if (!player || stopped(stop)) return
        const p = player
        const ended = new Promise<void>((resolve) => {
          p.onEnd = () => resolve()
          p.onError = () => {
            // the <video> failed mid-play: this player is done for
            if (s.current?.url === url) retire(s)
            resolve()
          }
        })
        p.start()
        await Promise.race([ended, firstOf(maxMs, ...stop)])
      } finally {
        if (player && session === s) {
          player.onEnd = player.onError = undefined
          // after its end yyeva has stopped it already; a cut or a cancel stops it here
          player.stop()
        }
        s.host.remove()
      }
    },

    /** the room closed: the player destroyed (its WebGL context lost), its <video> emptied */
    release() {
      const s = session
      if (!s) return
      session = null
      s.closed.abort()
      retire(s)
      s.host.remove()
    },
  }
}

const room = createMp4Player(once<Yyeva>(() => import('./mp4.ts')))
export const playMp4 = room.play
export const releaseMp4Player = room.release
