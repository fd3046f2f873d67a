// The gift animation queue (d2 §4.4, §9): sent-gift banners show 5 s each with 800 ms gaps,
// at most MAX_BANNERS at once; a banner of the same sender and gift still showing or waiting takes
// the new count (a combo) instead of queueing again; full-screen animations play one at a time,
// 800 ms apart, and the waiting line is capped so a storm never grows it without end. With reduced
// motion the full-screen part is skipped: the banner alone says it (drawn without motion). On a
// lite device (device-tier.ts) it is skipped too, and the banner carries a light effect instead.
import { signal, type ReadonlySignal } from '@preact/signals-react'
import { realTimers, type Timers } from '../../kernel/timers.ts'

export const BANNER_MS = 5000
export const GAP_MS = 800
export const MAX_BANNERS = 2
/** the most waiting banners and full-screen animations kept: older ones give way */
export const MAX_WAITING = 30

export interface GiftShow {
  senderId: string
  senderNick: string
  giftId: number
  giftName: string
  img: string
  num: number
  /** a full-screen animation file */
  animation?: string
  /** a lucky win's reward, shown on the banner */
  reward?: number
}

export interface Banner extends GiftShow {
  key: number
  /** how many of this gift the sender sent in a row */
  combo: number
  /** a full-screen gift on a lite device: the banner's light effect stands in for it */
  light?: boolean
}

export interface FullShow {
  key: number
  animation: string
  giftId: number
}


export interface GiftQueue {
  banners: ReadonlySignal<Banner[]>
  full: ReadonlySignal<FullShow | null>
  add(show: GiftShow): void
  /** this device plays full-screen animations: not with reduced motion, nor on a lite device */
  playsFullScreen(): boolean
  /** the full-screen player finished (or failed): the next one may start after the gap */
  fullDone(key: number): void
  /** drop everything (the room closed) */
  clear(): void
  dispose(): void
}

export interface QueueDeps {
  timers?: Timers
  reducedMotion?: () => boolean
  /** a weak device: no full-screen animation, the banner's light effect instead */
  lite?: () => boolean
  /** this device draws this animation file well enough to play it full screen (an MP4 needs a GPU's
   *  WebGL); otherwise its banner's light effect stands in, as on a weak device */
  draws?: (animation: string) => boolean
}

export function createGiftQueue(o: QueueDeps = {}): GiftQueue {
  const timers = o.timers ?? realTimers
  const banners = signal<Banner[]>([])
  const full = signal<FullShow | null>(null)
  let waiting: Banner[] = []
  let fullWaiting: FullShow[] = []
  let seq = 0
  let cooling = 0
  let fullCooling = false
  const ends = new Map<number, unknown>()
  const pending = new Set<unknown>()

  const later = (fn: () => void, ms: number) => {
    const id = timers.setTimeout(() => {
      pending.delete(id)
      fn()
    }, ms)
    pending.add(id)
    return id
  }
  const sameAs = (a: GiftShow, b: GiftShow) => a.senderId === b.senderId && a.giftId === b.giftId
  const playsFullScreen = () => !o.reducedMotion?.() && !o.lite?.()
  /** a full-screen gift this device plays as its banner's light effect instead */
  const lightOn = (animation: string) => !o.reducedMotion?.() && (!!o.lite?.() || o.draws?.(animation) === false)

  const endBanner = (key: number) => {
    ends.delete(key)
    banners.value = banners.peek().filter((b) => b.key !== key)
    cooling++
    later(() => {
      cooling--
      pump()
    }, GAP_MS)
  }
  const showBanner = (b: Banner) => {
    banners.value = [...banners.peek(), b]
    ends.set(b.key, later(() => endBanner(b.key), BANNER_MS))
  }
  const pump = () => {
    while (waiting.length && banners.peek().length + cooling < MAX_BANNERS) showBanner(waiting.shift()!)
    if (!full.peek() && !fullCooling && fullWaiting.length) full.value = fullWaiting.shift()!
  }

  return {
    banners,
    full,
    add(show) {
      // a full-screen gift on a lite device, or one this device cannot draw well: the banner's light effect stands in for its play
      const light = !!show.animation && lightOn(show.animation)
      const shown = banners.peek().find((b) => sameAs(b, show))
      if (shown) {
        // a combo: the banner counts on and stays its full time again
        timers.clearTimeout(ends.get(shown.key))
        pending.delete(ends.get(shown.key))
        banners.value = banners.peek().map((b) => (b.key === shown.key ? { ...b, combo: b.combo + show.num, num: show.num, reward: show.reward ?? b.reward, ...(light && { light }) } : b))
        ends.set(shown.key, later(() => endBanner(shown.key), BANNER_MS))
      } else {
        const queued = waiting.find((b) => sameAs(b, show))
        if (queued) Object.assign(queued, { combo: queued.combo + show.num, num: show.num, reward: show.reward ?? queued.reward }, light && { light })
        else waiting = [...waiting, { ...show, key: ++seq, combo: show.num, ...(light && { light }) }].slice(-MAX_WAITING)
      }
      if (show.animation && playsFullScreen() && !light) fullWaiting = [...fullWaiting, { key: ++seq, animation: show.animation, giftId: show.giftId }].slice(-MAX_WAITING)
      pump()
    },
    playsFullScreen,
    fullDone(key) {
      if (full.peek()?.key !== key) return
      full.value = null
      fullCooling = true
      later(() => {
        fullCooling = false
        pump()
      }, GAP_MS)
    },
    clear() {
      for (const id of pending) timers.clearTimeout(id)
      pending.clear()
      ends.clear()
      waiting = []
      fullWaiting = []
      cooling = 0
      fullCooling = false
      banners.value = []
      full.value = null
    },
    dispose() {
      this.clear()
    },
  }
}
