import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clearsInPlace } from './svga-player.ts'

/** a canvas as a browser holds one: its sizes are accessors on the prototype, and every set (even to
 *  the size it has) drops the bitmap and allocates another; `context` is what getContext('2d') gives */
class Canvas {
  w = 300
  h = 150
  allocations = 0
  resets = 0
  constructor(readonly context: 'reset' | 'clear' | 'none' = 'reset') {}
  get width() {
    return this.w
  }
  set width(v: number) {
    this.w = Number(v) >>> 0
    this.allocations++
  }
  get height() {
    return this.h
  }
  set height(v: number) {
    this.h = Number(v) >>> 0
    this.allocations++
  }
  cleared: number[][] = []
  getContext() {
    if (this.context === 'none') return null
    const clear = { setTransform: () => {}, clearRect: (...r: number[]) => void this.cleared.push(r) }
    return this.context === 'reset' ? { ...clear, reset: () => void this.resets++ } : clear
  }
}
const patched = (c: Canvas) => (clearsInPlace({}, c as unknown as HTMLCanvasElement), c)

test('LIVE-07 an SVGA canvas set to the size it has clears in place; a new size still allocates', () => {
  const c = patched(new Canvas())
  c.width = 390
  c.height = 844
  assert.is(c.allocations, 2)
  for (let frame = 0; frame < 60; frame++) c.width = c.width
  c.height = 844.7
  assert.is(c.allocations, 2, 'no bitmap allocated for a set to the same size (844.7 is 844, as the browser reads it)')
  assert.is(c.resets, 61, 'each such set reset the context: cleared, drawing state back to its start')
  assert.equal([c.width, c.height], [390, 844])
  c.width = 0
  assert.is(c.allocations, 3, 'a new size is the browser\'s own set')
})

test('LIVE-07 an SVGA canvas clears in place without a context reset where the browser has none; without a 2D context the set is the browser\'s', () => {
  const old = patched(new Canvas('clear'))
  old.width = 300
  assert.equal(old.cleared, [[0, 0, 300, 150]])
  assert.is(old.allocations, 0)
  const none = patched(new Canvas('none'))
  none.width = 300
  assert.is(none.allocations, 1)
})

test.run()
