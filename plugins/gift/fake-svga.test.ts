import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Video } from 'svga/dist/types'
import { giftSvga } from './fake-svga.ts'

/** the svga package's own parser (its worker script): with a document at hand it runs in the page
 *  as `window.SVGAParserMockWorker`, and reads the file with XMLHttpRequest, answered here with `file` */
async function parseWithThePackage(file: Uint8Array): Promise<Video> {
  const XHR = globalThis.XMLHttpRequest
  class FileRequest {
    status = 0
    statusText = ''
    response: ArrayBuffer | undefined
    responseType = ''
    onloadend: (() => void) | undefined
    open() {}
    send() {
      this.status = 200
      this.response = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer
      setTimeout(() => this.onloadend?.())
    }
  }
  ;(globalThis as any).XMLHttpRequest = FileRequest
  try {
    await import('svga/dist/parser.js')
    const worker = (window as any).SVGAParserMockWorker
    return await new Promise<Video>((resolve, reject) => {
      worker.onmessageCallback = (v: Video | Error) => (v instanceof Error ? reject(v) : resolve(v))
      worker.onmessage({ data: { url: '/gift/anim.svga', options: { isDisableImageBitmapShim: true } } })
    })
  } finally {
    ;(globalThis as any).XMLHttpRequest = XHR
  }
}

test('LIVE-07 the harness SVGA file is what the svga package parses: its size, fps, frames and sprites of filled ellipses', async () => {
  const video = await parseWithThePackage(giftSvga(1009, 6))
  assert.equal(video.size, { width: 390, height: 844 })
  assert.is(video.fps, 20)
  assert.is(video.frames, 60)
  assert.is(video.sprites.length, 6)
  const first = video.sprites[0].frames[0]
  assert.is(video.sprites[0].frames.length, 60)
  assert.is(first.alpha, 1)
  assert.equal(first.layout, { x: 0, y: 0, width: 56, height: 56 })
  assert.is(first.shapes[0].type, 'ellipse')
  assert.match(String(first.shapes[0].styles.fill), /^rgba\(\d+, \d+, \d+, 1\)$/)
  // the discs move: the last frame is elsewhere and fading
  const last = video.sprites[0].frames[59]
  assert.ok(last.transform!.tx !== first.transform!.tx, 'the sprite moves')
  assert.ok(last.alpha < 0.1, 'and fades out')
})

test('LIVE-07 a file that is not SVGA 2.x is refused by the package parser, so the player is never handed it', async () => {
  const err = await parseWithThePackage(Uint8Array.from([1, 2, 3, 4, 5])).then(
    () => null,
    (e: Error) => e,
  )
  assert.ok(err, 'refused')
  assert.match(err!.message, /SVGA Parser Error/)
})

test.run()
