// happy-dom lays nothing out: every box reads 0 x 0, and a virtual list draws no row into a
// scroller of no height. A test gives the boxes that matter a size, by selector (client and
// offset sizes, the bounding box, and for a scroller the height of what it scrolls, which makes
// its scrollTop stay in range and announce itself with a scroll event, as a browser's does),
// until the returned function puts happy-dom's own back.
import { act } from 'react'

export interface Size {
  width: number
  height: number
  /** a scroller's content height (happy-dom's is 0, so no scroll could move) */
  scrollHeight?: number
}

type Metric = 'clientWidth' | 'clientHeight' | 'offsetWidth' | 'offsetHeight' | 'scrollHeight'
const METRICS: Record<Metric, (s: Size) => number | undefined> = {
  clientWidth: (s) => s.width,
  clientHeight: (s) => s.height,
  offsetWidth: (s) => s.width,
  offsetHeight: (s) => s.height,
  scrollHeight: (s) => s.scrollHeight,
}

/** the getter happy-dom gives an element's metric (on HTMLElement or on Element) */
function inherited(name: Metric | 'scrollTop'): PropertyDescriptor {
  for (let p: object | null = HTMLElement.prototype; p; p = Object.getPrototypeOf(p)) {
    const own = Object.getOwnPropertyDescriptor(p, name)
    if (own) return own
  }
  throw new Error(`no ${name} in this DOM`)
}

export function giveSizes(sizes: Record<string, Size>): () => void {
  const proto = HTMLElement.prototype
  const sizeOf = (el: Element) => {
    const hit = Object.keys(sizes).find((selector) => el.matches(selector))
    return hit ? sizes[hit] : undefined
  }
  const saved = (Object.keys(METRICS) as Metric[]).map((name) => {
    const own = Object.getOwnPropertyDescriptor(proto, name)
    const base = inherited(name)
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        const size = sizeOf(this)
        return (size && METRICS[name](size)) ?? base.get!.call(this)
      },
    })
    return [name, own] as const
  })
  const top = inherited('scrollTop')
  const ownTop = Object.getOwnPropertyDescriptor(proto, 'scrollTop')
  Object.defineProperty(proto, 'scrollTop', {
    configurable: true,
    get: top.get,
    set(this: HTMLElement, value: number) {
      const size = sizeOf(this)
      if (!size?.scrollHeight) return top.set!.call(this, value)
      const before = top.get!.call(this)
      top.set!.call(this, Math.max(0, Math.min(value, size.scrollHeight - size.height)))
      if (top.get!.call(this) !== before) setTimeout(() => act(() => void this.dispatchEvent(new Event('scroll'))))
    },
  })
  const measure = proto.getBoundingClientRect
  proto.getBoundingClientRect = function (this: HTMLElement) {
    const size = sizeOf(this)
    return size ? DOMRect.fromRect({ x: 0, y: 0, width: size.width, height: size.height }) : measure.call(this)
  }
  return () => {
    for (const [name, own] of saved) {
      if (own) Object.defineProperty(proto, name, own)
      else delete (proto as unknown as Record<string, unknown>)[name]
    }
    if (ownTop) Object.defineProperty(proto, 'scrollTop', ownTop)
    else delete (proto as unknown as Record<string, unknown>).scrollTop
    proto.getBoundingClientRect = measure
  }
}
