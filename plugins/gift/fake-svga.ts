// The harness's SVGA 2.x files, as a real gift catalogue serves them: a zlib-deflated protobuf
// MovieEntity (svga's own proto: version 1, params 2 {viewBoxWidth 1, viewBoxHeight 2, fps 3,
// frames 4}, images 3, sprites 4 {imageKey 1, frames 2 {alpha 1, layout 2, transform 3, shapes 5}}).
// The sprites are vector ellipses (ShapeEntity type ELLIPSE), so no picture has to be encoded.
import { deflateSync } from 'node:zlib'

const VARINT = 0
const FIXED32 = 5
const BYTES = 2

/** protobuf writers: a field is its key (number << 3 | wire type), then its value */
const varint = (n: number): number[] => {
  const out: number[] = []
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80)
    n >>>= 7
  }
  out.push(n)
  return out
}
const key = (field: number, wire: number) => varint((field << 3) | wire)
const float = (field: number, v: number) => {
  const b = Buffer.alloc(4)
  b.writeFloatLE(v)
  return [...key(field, FIXED32), ...b]
}
const int = (field: number, v: number) => [...key(field, VARINT), ...varint(v)]
const bytes = (field: number, v: number[] | Uint8Array) => [...key(field, BYTES), ...varint(v.length), ...v]
const text = (field: number, s: string) => bytes(field, [...Buffer.from(s, 'utf8')])

interface Ellipse {
  alpha: number
  x: number
  y: number
  scale: number
  rgba: [number, number, number, number]
}

const SIZE = { w: 390, h: 844 }
const FPS = 20
const FRAMES = 60
/** half the side of each sprite's layout box, in the view box's units */
const R = 28

function frame(e: Ellipse): number[] {
  const layout = [...float(1, 0), ...float(2, 0), ...float(3, R * 2), ...float(4, R * 2)]
  const transform = [...float(1, e.scale), ...float(2, 0), ...float(3, 0), ...float(4, e.scale), ...float(5, e.x - R * e.scale), ...float(6, e.y - R * e.scale)]
  const [r, g, b, a] = e.rgba
  const fill = [...float(1, r), ...float(2, g), ...float(3, b), ...float(4, a)]
  const ellipseArgs = [...float(1, R), ...float(2, R), ...float(3, R), ...float(4, R)]
  const shape = [...int(1, 2 /* ELLIPSE */), ...bytes(4, ellipseArgs), ...bytes(10, bytes(1, fill))]
  return [...float(1, e.alpha), ...bytes(2, layout), ...bytes(3, transform), ...bytes(5, shape)]
}

/** a full-screen SVGA animation: `sprites` discs in the gift's colours bursting from the middle over 3 s */
export function giftSvga(id: number, sprites = 24): Uint8Array {
  const hue = (id * 47) % 360
  const movie: number[] = [...text(1, '2.0.0')]
  movie.push(...bytes(2, [...float(1, SIZE.w), ...float(2, SIZE.h), ...int(3, FPS), ...int(4, FRAMES)]))
  for (let i = 0; i < sprites; i++) {
    const angle = (i / sprites) * Math.PI * 2
    const dist = 100 + ((i * 37) % 160)
    const rgba = rgbOf((hue + (i % 3) * 30) % 360)
    const frames: number[] = []
    for (let f = 0; f < FRAMES; f++) {
      const t = f / (FRAMES - 1)
      const e: Ellipse = { alpha: t < 0.85 ? 1 : (1 - t) / 0.15, x: SIZE.w / 2 + Math.cos(angle) * dist * t, y: SIZE.h / 2 + Math.sin(angle) * dist * t, scale: 0.4 + t, rgba }
      frames.push(...bytes(2, frame(e)))
    }
    movie.push(...bytes(4, [...text(1, `disc${i}`), ...frames]))
  }
  return deflateSync(Uint8Array.from(movie))
}

/** an SVGA colour (0..1 each) of a hue, fully opaque */
function rgbOf(h: number): [number, number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    return 0.6 - 0.51 * Math.max(-1, Math.min(k - 3, 9 - k, 1))
  }
  return [f(0), f(8), f(4), 1]
}
