import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { formatOf } from './formats.ts'

test('LIVE-07 an animation file\'s format is read from its path: Lottie JSON, SVGA, alpha MP4; anything else has no player', () => {
  assert.is(formatOf('/gift-art/rocket.json'), 'lottie')
  assert.is(formatOf('https://cdn.example.com/a/castle.SVGA?v=3'), 'svga')
  assert.is(formatOf('https://cdn.example.com/a/car.mp4#t=0'), 'mp4')
  assert.is(formatOf('https://cdn.example.com/a/car.mp4.png'), null)
  assert.is(formatOf('https://cdn.example.com/a/svga'), null)
  assert.is(formatOf(''), null)
})

test.run()
