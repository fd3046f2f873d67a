import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkLedger } from '../../harness/ledger.ts'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { DEFAULT_SECTORS, draw } from './fake.ts'
import { WheelPaths } from './paths.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'live', 'wheel'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(async () => {
  await h.control('POST', '/__harness/reset')
})

const ON = 200002 // even id: on by default
const OFF = 200001
const me = async () => (await h.control('GET', '/__harness/db/users?userId=100001')).body[0] as { diamondNum: number }
const setBalance = (diamondNum: number) => h.control('POST', '/__harness/users/100001/balance', { diamondNum })
const wheelRows = () => (h.ctx.db.get('ledger').value() as Array<{ reason: string; delta: number; userId: number }>).filter((r) => r.reason.startsWith('wheel.'))
const spin = (anchorId: number, requestId: string) => h.api(WheelPaths.rotate, { anchorId, requestId }, { token: TEST_TOKEN })

test('LIVE-10 harness: the config by host id (price, sectors, on or off); 72/73 through the control entry switch it', async () => {
  const c = (await h.api(WheelPaths.config, { anchorId: ON }, { token: TEST_TOKEN })).data
  assert.equal([c.anchorId, c.price, c.wheelEnabled, c.wheelSectorList.length], [ON, 100, true, DEFAULT_SECTORS.length])
  assert.ok(c.wheelSectorList.every((s: any) => Object.keys(s).join() === 'sectorId,prize'), 'the weights stay on the server')
  assert.is((await h.api(WheelPaths.config, { anchorId: OFF }, { token: TEST_TOKEN })).data.wheelEnabled, false)
  assert.equal((await h.control('POST', '/__harness/wheel/toggle', { hostId: OFF, on: true })).body, { hostId: OFF, on: true })
  assert.is((await h.api(WheelPaths.config, { anchorId: OFF }, { token: TEST_TOKEN })).data.wheelEnabled, true)
  await h.control('POST', '/__harness/wheel/toggle', { hostId: OFF, on: false })
  assert.is((await h.api(WheelPaths.config, { anchorId: OFF }, { token: TEST_TOKEN })).data.wheelEnabled, false)
  assert.is((await h.api(WheelPaths.config, { anchorId: 100001 }, { token: TEST_TOKEN })).body.code, Code.refused, 'a viewer is no host')
})

test('LIVE-10 harness: a spin debits the price (wheel.spin) and credits the prize (wheel.prize) once per request id; a repeat answers the same', async () => {
  await setBalance(1000)
  await h.control('POST', '/__harness/wheel/force', { hostId: ON, sectorIndex: 6 })
  const a = (await spin(ON, 'req-1')).data
  assert.equal([a.sectorIndex, a.prize, a.diamondNum], [6, 500, 1000 - 100 + 500])
  const again = (await spin(ON, 'req-1')).data
  assert.equal(again, a, 'the same answer for the same request id')
  assert.is((await me()).diamondNum, 1400)
  assert.equal(wheelRows().map((r) => [r.reason, r.delta]), [['wheel.spin', -100], ['wheel.prize', 500]])
  // the forced result is used once; the next spin is drawn
  const b = (await spin(ON, 'req-2')).data
  assert.is(b.sectorIndex, draw(DEFAULT_SECTORS, ON, 1))
  assert.is((await me()).diamondNum, 1400 - 100 + DEFAULT_SECTORS[b.sectorIndex].prize)
  assert.ok(checkLedger(h.ctx.db.getState()).ok, 'the ledger holds')
  assert.is((await spin(ON, '')).body.code, Code.refused, 'a request id is required')
})

test('LIVE-10 harness: the draw is seeded (same host and spin number, same sector) and follows the weights', () => {
  assert.is(draw(DEFAULT_SECTORS, ON, 5), draw(DEFAULT_SECTORS, ON, 5))
  const counts = new Array(DEFAULT_SECTORS.length).fill(0)
  for (let i = 0; i < 4000; i++) counts[draw(DEFAULT_SECTORS, ON, i)]++
  assert.ok(counts[0] > counts[5] && counts[5] > counts[7], `weights: ${counts}`)
  assert.is(draw([{ sectorId: 1, prize: 1, weight: 0 }, { sectorId: 2, prize: 2, weight: 1 }], 1, 1), 1, 'a weight of 0 never wins')
})

test('LIVE-10 harness: no sectors or the wheel off: refused, nothing charged; too few diamonds: 1080, nothing charged', async () => {
  await setBalance(1000)
  await h.control('POST', '/__harness/wheel/config', { hostId: ON, sectors: [] })
  assert.is((await h.api(WheelPaths.config, { anchorId: ON }, { token: TEST_TOKEN })).data.wheelSectorList.length, 0)
  assert.is((await spin(ON, 'a')).body.code, Code.refused)
  assert.is((await spin(OFF, 'b')).body.code, Code.refused, 'off')
  await setBalance(50)
  assert.is((await spin(200004, 'c')).body.code, Code.notEnough)
  assert.equal(wheelRows(), [])
  assert.is((await me()).diamondNum, 50)
})

test.run()
