// happy-dom lays nothing out: every box reads 0 x 0, and a virtual list draws no row into a
// scroller of no height. A test gives the boxes that matter a size, by selector (client and
// offset sizes and the bounding box), until the returned function puts happy-dom's own back.
export interface Size {
  width: number
  height: number
}

const AXES = { clientWidth: 'width', clientHeight: 'height', offsetWidth: 'width', offsetHeight: 'height' } as const

export function giveSizes(sizes: Record<string, Size>): () => void {
  const proto = HTMLElement.prototype
  const sizeOf = (el: Element) => {
    const hit = Object.keys(sizes).find((selector) => el.matches(selector))
    return hit ? sizes[hit] : undefined
  }
  const saved = (Object.keys(AXES) as Array<keyof typeof AXES>).map((name) => {
    const own = Object.getOwnPropertyDescriptor(proto, name)!
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        return sizeOf(this)?.[AXES[name]] ?? own.get!.call(this)
      },
    })
    return [name, own] as const
  })
  const measure = proto.getBoundingClientRect
  proto.getBoundingClientRect = function (this: HTMLElement) {
    const size = sizeOf(this)
    return size ? DOMRect.fromRect({ x: 0, y: 0, ...size }) : measure.call(this)
  }
  return () => {
    for (const [name, own] of saved) Object.defineProperty(proto, name, own)
    proto.getBoundingClientRect = measure
  }
}
