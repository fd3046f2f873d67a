import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { instantClock, loadScenarios, runScenario } from '../../harness/scenario-runner.ts'
import { checkLedger } from '../../harness/ledger.ts'
import { Code, Msg } from '../../kernel/protocol/envelope.ts'
import { readCatalogue } from './catalogue.ts'
import { GiftPaths } from './paths.ts'
import { catalogue } from './fake.ts'
import { formatOf } from './formats.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'live', 'gift'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(async () => {
  await h.control('POST', '/__harness/reset')
  await h.control('POST', '/__harness/gift/odds', { reset: true, seed: 12 })
  await h.control('POST', '/__harness/gift/fail-send', { count: 0 })
})

const HOST = 200001
const ME = 100001
const db = async () => structuredClone(h.ctx.db.getState())
const balanceOf = async (userId: number) => (await db()).users.find((u: any) => u.userId === userId).diamondNum
const rows = async (reason: string) => (await db()).ledger.filter((r: any) => r.reason === reason)
const send = (p: Record<string, unknown>, token: string | null = TEST_TOKEN) => h.api(GiftPaths.send, { scene: 'LIVE', anchorId: HOST, giftNum: 1, ...p }, { token })

test('LIVE-07 the gift list: groups Popular, Exclusive and Lucky Gift, every gift with a picture, lucky gifts with a tempId, a box gift, full-screen gifts with an animation; names per language', async () => {
  const en = (await h.api(GiftPaths.list, {}, { token: TEST_TOKEN })).data
  assert.equal(Object.keys(en).sort(), ['Exclusive', 'Lucky Gift', 'Popular'])
  const c = readCatalogue(en)
  assert.ok(c.Popular.length >= 8 && c.Exclusive.length >= 4 && c['Lucky Gift'].length >= 3)
  assert.ok(Object.values(c).flat().every((g) => g.img.includes('/__harness/gift/img?id=')))
  assert.ok(c['Lucky Gift'].some((g) => g.tempId) && c['Lucky Gift'].some((g) => g.type === 6))
  assert.ok(c.Popular.some((g) => g.type === 5), 'a sticker')
  const big = Object.values(c).flat().find((g) => g.animation)!
  assert.is(formatOf(big.animation!), 'lottie', 'the file names its format as a server\'s does')
  const anim = await fetch(`${h.url}${big.animation}`).then((r) => r.json())
  assert.ok(anim.layers.length >= 40 && anim.op === 90, 'a real-sized Lottie file')
  const svg = await fetch(`${h.url}/__harness/gift/img?id=${big.id}`)
  assert.is(svg.headers.get('content-type'), 'image/svg+xml')
  const ar = (await h.api(GiftPaths.list, {}, { token: TEST_TOKEN, lang: 'ar' })).data
  assert.is.not(ar.Popular[0].giftName, en.Popular[0].giftName)
  assert.ok(c.Exclusive.some((g) => !g.unlocked), 'exclusive gifts above the level are locked')
})

test('LIVE-07 the harness serves an alpha-MP4 gift: the Yacht names an .mp4 file, served without a login as video/mp4, an ISO MP4 with an H.264 (avc1) track of two halves side by side', async () => {
  const c = readCatalogue((await h.api(GiftPaths.list, {}, { token: TEST_TOKEN })).data)
  const yacht = Object.values(c).flat().find((g) => g.id === 1010)!
  assert.is(formatOf(yacht.animation!), 'mp4')
  const r = await fetch(`${h.url}${yacht.animation}`)
  assert.is(r.status, 200)
  assert.is(r.headers.get('content-type'), 'video/mp4')
  const file = Buffer.from(await r.arrayBuffer())
  assert.ok(file.length > 10_000 && file.length < 150_000, `a small file (${file.length} bytes)`)
  assert.is(file.toString('latin1', 4, 8), 'ftyp')
  const avc1 = file.indexOf('avc1', 40, 'latin1')
  assert.ok(file.indexOf('moov') > 0 && avc1 > 0, 'a moov box with an avc1 sample entry')
  // the avc1 sample entry's width and height (ISO 14496-12 VisualSampleEntry: 24 bytes after the type)
  const [width, height] = [file.readUInt16BE(avc1 + 28), file.readUInt16BE(avc1 + 30)]
  assert.equal([width, height], [432, 468], 'two 216 x 468 halves: alpha on the left, colour on the right')
})

test('HAR-01 LIVE-07 every gift has its own picture, drawn by the harness: a real-sized picture of its motif, never a number on a box', async () => {
  const ids = catalogue().map((g) => g.id)
  const pictures = await Promise.all(ids.map((id) => fetch(`${h.url}/__harness/gift/img?id=${id}`).then((r) => r.text())))
  for (const [i, svg] of pictures.entries()) {
    assert.match(svg, 'width="200" height="200"', `gift ${ids[i]}: the size of a real gift picture`)
    assert.not.match(svg, /<text\b/, `gift ${ids[i]}: no text or number on the picture`)
    assert.not.match(svg, /https?:\/\/(?!www\.w3\.org)/, `gift ${ids[i]}: nothing from the internet`)
  }
  // a motif per kind of gift: the rose and the car are not the same drawing in two colours
  const drawing = (svg: string) => svg.replace(/<defs>[\s\S]*?<\/defs>/, '').replace(/hsl\([^)]*\)/g, '')
  const byName = (name: string) => drawing(pictures[catalogue().findIndex((g) => g.name.en === name)])
  assert.is.not(byName('Rose'), byName('Sports car'))
  assert.is(new Set(catalogue().map((g) => g.art?.motif)).size >= 20, true, 'one motif for nearly every gift')
})

test('LIVE-07 a send debits price x count once per key (a double tap or retry moves nothing), credits the host her share, answers the balance and posts the chat record', async () => {
  const before = await balanceOf(ME)
  const hostBefore = await balanceOf(HOST)
  const first = await send({ giftId: 1003, giftNum: 5, requestId: 'tap-1' })
  assert.is(first.body.code, Code.ok)
  assert.is(first.data.diamondNum, before - 50)
  const again = await send({ giftId: 1003, giftNum: 5, requestId: 'tap-1' })
  assert.is(again.data.diamondNum, before - 50, 'the same key charges nothing more')
  assert.is(await balanceOf(ME), before - 50)
  assert.is(await balanceOf(HOST), hostBefore + 25)
  const sends = await rows('gift.send')
  assert.is(sends.length, 1)
  assert.equal({ ...sends[0], id: 0, at: '', balanceAfter: 0 }, { id: 0, at: '', balanceAfter: 0, userId: ME, delta: -50, reason: 'gift.send', key: 'gift:tap-1', hostId: HOST, giftId: 1003, count: 5, scene: 'LIVE', roomId: `room_${HOST}` })
  assert.is((await rows('gift.income')).length, 1)
  assert.ok(checkLedger(await db()).ok)
})

test('LIVE-07 bad input refused without a charge: quantities 0, 100, 1e3, -5, text; no key; an unknown gift; an unknown scene; an exclusive gift above the level; not enough diamonds answers diamond.not.enough', async () => {
  const before = await balanceOf(ME)
  for (const giftNum of [0, 100, '1e3', -5, 'abc', 1.5]) {
    const r = await send({ giftId: 1001, giftNum, requestId: `bad-${giftNum}` })
    assert.is(r.body.code, Code.refused, `giftNum ${giftNum}`)
  }
  assert.is((await send({ giftId: 1001 })).body.code, Code.refused, 'no key')
  assert.is((await send({ giftId: 9999, requestId: 'x1' })).body.code, Code.refused)
  assert.is((await send({ giftId: 1001, scene: 'PARTY', requestId: 'x2' })).body.code, Code.refused)
  const exclusive = await send({ giftId: 1019, requestId: 'x3' })
  assert.is(exclusive.body.msg, 'level.not.enough')
  const poor = await send({ giftId: 1012, giftNum: 99, requestId: 'x4' })
  assert.is(poor.body.msg, Msg.notEnough)
  assert.is(await balanceOf(ME), before)
  assert.is((await rows('gift.send')).length, 0)
})

test('LIVE-07 scenes CALL and IM use the same post; no chat record outside the room', async () => {
  const call = await send({ giftId: 1001, scene: 'CALL', requestId: 'c1' })
  const im = await send({ giftId: 1001, scene: 'IM', requestId: 'i1' })
  assert.is(call.body.code, Code.ok)
  assert.is(im.body.code, Code.ok)
  const sends = await rows('gift.send')
  assert.equal(sends.map((r: any) => [r.scene, r.roomId]), [['CALL', undefined], ['IM', undefined]])
})

test('LIVE-08 a forced lucky win: reward = price x count x multiple credited once (retry too), with the pool and winningStyle, a 5 s combo window; the ledger holds', async () => {
  await h.control('POST', '/__harness/gift/lucky-force', { multiple: 500, winningStyle: 3 })
  const before = await balanceOf(ME)
  const r = await send({ giftId: 1020, giftNum: 2, requestId: 'lucky-1' })
  assert.is(r.data.totalReward, 10 * 2 * 500)
  assert.equal(r.data.maxRatePool, { id: 0, tempId: 'L1', winningStyle: 3 })
  assert.is(r.data.luckGiftComboTime, 5000)
  assert.is(r.data.diamondNum, before - 20 + 10_000)
  const retry = await send({ giftId: 1020, giftNum: 2, requestId: 'lucky-1' })
  assert.is(retry.data.totalReward, 10_000)
  assert.is(await balanceOf(ME), before - 20 + 10_000)
  assert.is((await rows('lucky.reward')).length, 1)
  assert.is((await rows('gift.send'))[0].lucky, true)
  assert.ok(checkLedger(await db()).ok)
})

test('LIVE-08 seeded odds: the same seed gives the same wins; a pool of only losses never pays', async () => {
  const run = async () => {
    await h.control('POST', '/__harness/reset')
    await h.control('POST', '/__harness/gift/odds', { reset: true, seed: 5 })
    const out: number[] = []
    for (let i = 0; i < 12; i++) out.push((await send({ giftId: 1020, requestId: `s${i}` })).data.totalReward)
    return out
  }
  const a = await run()
  assert.equal(await run(), a)
  await h.control('POST', '/__harness/gift/odds', { tempId: 'L1', pool: [{ id: 1, multiple: 0, weight: 1 }] })
  for (let i = 0; i < 10; i++) assert.is((await send({ giftId: 1020, requestId: `z${i}` })).data.totalReward, 0)
})

test('LIVE-08 lucky boxes: a box gift adds boxes, opening 1 or a batch credits prizes once per key and lowers the count; more than owned or 100 refused', async () => {
  const bought = await send({ giftId: 1023, giftNum: 3, requestId: 'box-buy' })
  assert.is(bought.data.boxCount, 3)
  assert.is((await h.api(GiftPaths.boxList, {}, { token: TEST_TOKEN })).data.count, 3)
  const before = await balanceOf(ME)
  const one = await h.api(GiftPaths.boxClaim, { num: 2, requestId: 'open-1' }, { token: TEST_TOKEN })
  assert.is(one.data.opened, 2)
  assert.is(one.data.count, 1)
  assert.is(one.data.diamondNum, before + one.data.totalReward)
  const again = await h.api(GiftPaths.boxClaim, { num: 2, requestId: 'open-1' }, { token: TEST_TOKEN })
  assert.is(again.data.count, 1, 'a retried claim opens nothing more')
  assert.is(await balanceOf(ME), before + one.data.totalReward)
  assert.is((await h.api(GiftPaths.boxClaim, { num: 2, requestId: 'open-2' }, { token: TEST_TOKEN })).body.code, Code.refused)
  assert.is((await h.api(GiftPaths.boxClaim, { num: 100, requestId: 'open-3' }, { token: TEST_TOKEN })).body.code, Code.refused)
  assert.ok(checkLedger(await db()).ok)
})

test('LIVE-07 fail-send: an error charges nothing; a slow answer charges once and its retry with the same key is not charged again', async () => {
  const before = await balanceOf(ME)
  await h.control('POST', '/__harness/gift/fail-send', { count: 1, mode: 'error' })
  assert.is((await send({ giftId: 1001, requestId: 'f1' })).body.code, Code.refused)
  assert.is(await balanceOf(ME), before)
  await h.control('POST', '/__harness/gift/fail-send', { count: 1, mode: 'slow', ms: 300 })
  const slow = send({ giftId: 1002, requestId: 'f2' })
  const retry = await send({ giftId: 1002, requestId: 'f2' })
  await slow
  assert.is(retry.data.diamondNum, before - 5)
  assert.is(await balanceOf(ME), before - 5)
  assert.is((await rows('gift.send')).length, 1)
})

test('LIVE-07 a send\'s status by its key: pending while it is held, done with the send\'s answer (the ledger\'s balance) once it lands, none for a key never sent, which then stays refused', async () => {
  const before = await balanceOf(ME)
  const status = async (requestId: string) => (await h.api(GiftPaths.sendStatus, { requestId }, { token: TEST_TOKEN })).data
  await h.control('POST', '/__harness/gift/fail-send', { count: 1, mode: 'slow', ms: 400 })
  const held = send({ giftId: 1002, requestId: 'p1' })
  await new Promise((r) => setTimeout(r, 100))
  assert.equal(await status('p1'), { state: 'pending' })
  await held
  const done = await status('p1')
  assert.equal([done.state, done.diamondNum], ['done', before - 5])
  assert.is(await balanceOf(ME), before - 5, 'charged once')
  assert.equal(await status('never'), { state: 'none' })
  assert.is((await send({ giftId: 1002, requestId: 'never' })).body.code, Code.refused, 'a late send with a key said to be unsent')
  assert.is(await balanceOf(ME), before - 5)
  assert.ok(checkLedger(await db()).ok)
})

test('LIVE-07 simulated gifters send through the ledger (rankings move), and the scenarios live-gift-storm and live-lucky-jackpot run', async () => {
  const r = await h.control('POST', '/__harness/gift/sim', { hostId: HOST, perSec: 0, burst: 20 })
  assert.is(r.status, 200)
  const sends = await rows('gift.send')
  assert.is(sends.length, 20)
  assert.ok(sends.every((s: any) => s.userId >= 300001 && s.hostId === HOST))
  assert.ok(checkLedger(await db()).ok)
  const scenarios = await loadScenarios()
  for (const name of ['live-gift-storm', 'live-lucky-jackpot']) {
    const s = scenarios.get(name)
    assert.ok(s, name)
    const result = await runScenario(s!, h.ops, { clock: instantClock() }).done
    assert.ok(result.steps.every((x) => x.ok), `${name}: ${JSON.stringify(result.steps)}`)
  }
  assert.ok(checkLedger(await db()).ok)
})

test.run()
