import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { YYEvaOptionsType } from 'yyeva'
import { waitFor } from '../../test/wait.ts'
import { createMp4Player, type Yyeva } from './mp4-player.ts'

/** yyeva as the package behaves (node_modules/yyeva, src/player/index.ts): yyEva() finds the <video>
 *  named by videoID, puts its canvas into the container, sets the file and resolves once the video has
 *  read its header (loadedmetadata); with endPause its end stops the player and calls onEnd, and
 *  destroy() takes the canvas out and leaves the <video> named by videoID in place */
function fakeYyeva() {
  const made: FakePlayer[] = []
  class FakePlayer {
    playing = false
    destroyed = false
    starts = 0
    onEnd: ((...a: unknown[]) => void) | undefined
    onError: ((...a: unknown[]) => void) | undefined
    canvas = document.createElement('canvas')
    constructor(public options: YYEvaOptionsType) {}
    start() {
      if (this.destroyed) return
      this.starts++
      this.playing = true
    }
    stop() {
      this.playing = false
    }
    destroy() {
      this.destroyed = true
      this.playing = false
      this.canvas.remove()
    }
    /** the last frame drawn: yyeva's loop checker stops the player and calls onEnd */
    end() {
      this.stop()
      this.onEnd?.()
    }
  }
  const yyeva: Yyeva = {
    async yyEva(options) {
      const video = document.getElementById(options.videoID!) as HTMLVideoElement
      const player = new FakePlayer(options)
      made.push(player)
      options.container.append(player.canvas)
      video.src = String(options.videoUrl)
      await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }))
      return player
    },
  }
  return { yyeva, made }
}

const videoIn = (el: Element) => el.querySelector('video')
/** the <video> read the file's header */
const metadata = (v: HTMLVideoElement | null) => v!.dispatchEvent(new Event('loadedmetadata'))

test('LIVE-07 the MP4 player: one yyeva player per room, muted, reused for a second play of the same file, replaced (the old one destroyed, its <video> gone) for another file, destroyed when the room closes', async () => {
  const { yyeva, made } = fakeYyeva()
  const mp4 = createMp4Player(async () => yyeva)
  const el = document.createElement('div')
  document.body.append(el)

  // first play: the <video> reads the file, then yyeva makes its player on that <video>
  const first = mp4.play(el, '/gift/a.mp4', new AbortController().signal, 5000)
  await waitFor(() => videoIn(el), { what: 'the player\'s <video>' })
  assert.is(made.length, 0, 'no player before the file proved readable')
  metadata(videoIn(el))
  await waitFor(() => made.length === 1, { what: 'a yyeva player' })
  metadata(videoIn(el))
  await waitFor(() => made[0].playing, { what: 'the play started' })
  const o = made[0].options
  assert.equal([o.mute, o.loop, o.endPause, o.autoplay, o.videoUrl, o.videoID], [true, 1, true, false, '/gift/a.mp4', videoIn(el)!.id])
  assert.ok(videoIn(el)!.muted, 'the <video> is muted from the start')
  made[0].end()
  await first
  assert.is(el.children.length, 0, 'the layer is taken out after the play')
  assert.not.ok(made[0].destroyed, 'the player is kept for the room')

  // the same file again: the same player, started again
  const second = mp4.play(el, '/gift/a.mp4', new AbortController().signal, 5000)
  await waitFor(() => made[0].starts === 2, { what: 'the kept player started again' })
  assert.is(made.length, 1, 'no second player for the same file')
  made[0].end()
  await second

  // another file: the old player destroyed, a new one on a new <video>
  const third = mp4.play(el, '/gift/b.mp4', new AbortController().signal, 5000)
  await waitFor(() => made[0].destroyed, { what: 'the old player destroyed' })
  assert.is(document.querySelectorAll('video').length, 1, 'the old <video> is gone')
  metadata(videoIn(el))
  await waitFor(() => made.length === 2)
  metadata(videoIn(el))
  await waitFor(() => made[1].playing, { what: 'the new player started' })

  // the room closes mid-play: the play ends, the player is destroyed, nothing is left in the page
  mp4.release()
  await third
  assert.ok(made[1].destroyed, 'destroyed with the room')
  assert.is(document.querySelectorAll('video, canvas').length, 0, 'no <video> or canvas left')
  el.remove()
})

test('LIVE-07 an MP4 file the <video> cannot read ends its play with no player made and nothing left; the next play tries again', async () => {
  const { yyeva, made } = fakeYyeva()
  const mp4 = createMp4Player(async () => yyeva)
  const el = document.createElement('div')
  document.body.append(el)
  const broken = mp4.play(el, '/gift/broken.mp4', new AbortController().signal, 5000)
  await waitFor(() => videoIn(el))
  videoIn(el)!.dispatchEvent(new Event('error'))
  await broken
  assert.is(made.length, 0, 'no yyeva player for a file that does not load')
  assert.is(document.querySelectorAll('video').length, 0, 'its <video> is let go')
  const again = mp4.play(el, '/gift/broken.mp4', new AbortController().signal, 5000)
  await waitFor(() => videoIn(el), { what: 'a second try reads the file again' })
  mp4.release()
  await again
  assert.is(document.querySelectorAll('video').length, 0)
  el.remove()
})

test('LIVE-07 an MP4 play that never ends is cut at its bound: the play resolves, the player stopped and kept; a cancelled play stops it too', async () => {
  const { yyeva, made } = fakeYyeva()
  const mp4 = createMp4Player(async () => yyeva)
  const el = document.createElement('div')
  document.body.append(el)
  const cut = mp4.play(el, '/gift/a.mp4', new AbortController().signal, 300)
  await waitFor(() => videoIn(el))
  metadata(videoIn(el))
  await waitFor(() => made.length === 1)
  metadata(videoIn(el))
  await waitFor(() => made[0].playing)
  await cut
  assert.not.ok(made[0].playing, 'stopped at the cut')
  assert.not.ok(made[0].destroyed, 'kept for the next play')
  const abort = new AbortController()
  const cancelled = mp4.play(el, '/gift/a.mp4', abort.signal, 5000)
  await waitFor(() => made[0].playing)
  abort.abort()
  await cancelled
  assert.not.ok(made[0].playing, 'stopped when the play is cancelled')
  assert.is(el.children.length, 0)
  mp4.release()
  await waitFor(() => made[0].destroyed, { what: 'destroyed with the room' })
  el.remove()
})

test.run()
