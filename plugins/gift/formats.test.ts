import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { formatOf } from './formats.ts'
import { gpuDrawsWebgl, playsFormat } from './player.ts'

test('LIVE-07 an animation file\'s format is read from its path: Lottie JSON, SVGA, alpha MP4; anything else has no player', () => {
  assert.is(formatOf('/gift-art/rocket.json'), 'lottie')
  assert.is(formatOf('https://cdn.example.com/a/castle.SVGA?v=3'), 'svga')
  assert.is(formatOf('https://cdn.example.com/a/car.mp4#t=0'), 'mp4')
  assert.is(formatOf('https://cdn.example.com/a/car.mp4.png'), null)
  assert.is(formatOf('https://cdn.example.com/a/svga'), null)
  assert.is(formatOf(''), null)
})

test('LIVE-07 Lottie, SVGA and alpha MP4 files have a player (a full-screen play); a file of another format shows its banner only', () => {
  assert.ok(playsFormat(formatOf('/__harness/gift/anim.json?id=1008')))
  assert.ok(playsFormat(formatOf('/__harness/gift/anim.svga?id=1009')))
  assert.ok(playsFormat(formatOf('/__harness/gift/anim.mp4?id=1010')))
  assert.ok(playsFormat(formatOf('https://cdn.example.com/a/car.mp4')))
  assert.not.ok(playsFormat(formatOf('https://cdn.example.com/a/car.gif')))
})

/** a canvas whose WebGL reports `renderer` as the debug extension's unmasked renderer (null: no WebGL);
 *  the strings are what real browsers report */
function canvasOf(renderer: string | null) {
  const UNMASKED_RENDERER_WEBGL = 0x9246
  let lost = false
  const gl = {
    RENDERER: 0x1f01,
    getExtension: (name: string) => (name === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL } : name === 'WEBGL_lose_context' ? { loseContext: () => void (lost = true) } : null),
    getParameter: (p: number) => (p === UNMASKED_RENDERER_WEBGL ? renderer : 'WebKit WebGL'),
  }
  return { canvas: { getContext: (type: string) => (renderer !== null && type.startsWith('webgl') ? gl : null) } as never, lost: () => lost }
}

test('LIVE-07 an MP4 gift plays full screen only where a GPU draws WebGL: a software WebGL (SwiftShader, llvmpipe) or none is refused, the context asked for is let go', () => {
  const gpus = ['Adreno (TM) 618', 'Mali-G57 MC2', 'Apple GPU', 'ANGLE (Qualcomm, Adreno (TM) 730, OpenGL ES 3.2)']
  for (const r of gpus) {
    const c = canvasOf(r)
    assert.ok(gpuDrawsWebgl(c.canvas), r)
    assert.ok(c.lost(), `${r}: the context is let go`)
  }
  const software = ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)', 'llvmpipe (LLVM 15.0.6, 256 bits)', 'Google SwiftShader', 'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)']
  for (const r of software) assert.not.ok(gpuDrawsWebgl(canvasOf(r).canvas), r)
  assert.not.ok(gpuDrawsWebgl(canvasOf(null).canvas), 'no WebGL')
})

test.run()
