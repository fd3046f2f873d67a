import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { formatOf } from './formats.ts'
import { playsFormat } from './player.ts'

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

test.run()
