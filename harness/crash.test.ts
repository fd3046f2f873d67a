// A real harness process killed (SIGKILL: no flush, no goodbye) the moment it has answered a paid
// move, then started again on the same state file: what was paid for is there, once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startChild, type Child } from '../bench/child.ts'
import { EngagePath } from '../plugins/engage/api.ts'
import { GiftPaths } from '../plugins/gift/paths.ts'
import { IntimacyPaths } from '../plugins/intimacy/api.ts'
import { Code } from '../kernel/protocol/envelope.ts'
import { apiClient, TEST_TOKEN } from './testing.ts'
import type { LedgerEntry } from './types.ts'

const OTHER_TOKEN = 'vip-token-100002'
const ME = 100001
const HOST = 200002
const BOX_GIFT = 1023

const dir = mkdtempSync(join(tmpdir(), 'harness-crash-'))
const statePath = join(dir, 'state.json')
let child: Child
let h: ReturnType<typeof apiClient>

async function start() {
  child = await startChild(statePath)
  h = apiClient(child.url)
}
/** kill the harness the moment it has answered, and start it again on the same file */
async function killAndRestart() {
  await child.kill()
  await start()
}
async function ledger(userId?: number) {
  const { body } = await h.control('GET', `/__harness/ledger${userId ? `?userId=${userId}` : ''}`)
  return body as { entries: LedgerEntry[]; check: { ok: boolean; problems: string[] } }
}
async function assertLedgerHolds() {
  const { check } = await ledger()
  assert.ok(check.ok, check.problems.slice(0, 4).join('; '))
}

test.before(async () => {
  await start()
  await h.control('POST', `/__harness/users/${ME}/balance`, { diamondNum: 100_000 })
})
test.after(async () => {
  await child?.kill()
  rmSync(dir, { recursive: true, force: true })
})

test('HAR-06 ENG-02 killed right after a paid sign-in reward: the sign-in is kept with its diamonds, not paid or claimable again', async () => {
  const paid = await h.api(EngagePath.signinPerform, {}, { token: TEST_TOKEN })
  assert.is(paid.body.code, Code.ok, paid.body.msg)
  await killAndRestart()
  const again = await h.api(EngagePath.signinPerform, {}, { token: TEST_TOKEN })
  assert.is(again.body.msg, 'Signed in today')
  assert.is((await ledger(ME)).entries.filter((r) => r.reason === 'signin.reward').length, 1)
  await assertLedgerHolds()
})

test('HAR-06 ENG-03 killed right after a transfer code is redeemed: the code stays used, a second user cannot redeem it', async () => {
  const first = await h.api(EngagePath.transfer, { searchValue: 'TR1510' }, { token: TEST_TOKEN })
  assert.is(first.data?.transferDiamond, 1510, first.body.msg)
  await killAndRestart()
  const second = await h.api(EngagePath.transfer, { searchValue: 'TR1510' }, { token: OTHER_TOKEN })
  assert.is.not(second.body.code, Code.ok, 'the code was redeemed twice')
  const rows = (await ledger()).entries.filter((r) => r.reason === 'transfer.code')
  assert.equal(rows.map((r) => r.userId), [ME])
  await assertLedgerHolds()
})

test('HAR-06 LIVE-08 killed right after boxes are bought and again after some are opened: none lost, none opened twice', async () => {
  const bought = await h.api(GiftPaths.send, { giftId: BOX_GIFT, giftNum: 10, scene: 'LIVE', anchorId: HOST, requestId: 'crash-box-buy' }, { token: TEST_TOKEN })
  assert.is(bought.data?.boxCount, 10, bought.body.msg)
  await killAndRestart()
  assert.is((await h.api(GiftPaths.boxList, {}, { token: TEST_TOKEN })).data.count, 10, 'paid boxes were lost')
  const opened = await h.api(GiftPaths.boxClaim, { num: 5, requestId: 'crash-open-1' }, { token: TEST_TOKEN })
  assert.is(opened.data?.count, 5, opened.body.msg)
  await killAndRestart()
  assert.is((await h.api(GiftPaths.boxList, {}, { token: TEST_TOKEN })).data.count, 5, 'opened boxes came back')
  assert.is((await h.api(GiftPaths.boxClaim, { num: 5, requestId: 'crash-open-2' }, { token: TEST_TOKEN })).data?.count, 0)
  assert.is((await h.api(GiftPaths.boxClaim, { num: 1, requestId: 'crash-open-3' }, { token: TEST_TOKEN })).body.code, Code.refused, 'a sixth box opened')
  await assertLedgerHolds()
})

test('HAR-06 LIVE-15 killed right after an intimacy level-up is paid: the level is kept and not paid again', async () => {
  assert.is((await h.control('POST', '/__harness/intimacy/set', { userId: ME, hostId: HOST, experience: 1_000_000 })).status, 200)
  const view = (await h.api(IntimacyPaths.info, { anchorId: HOST }, { token: TEST_TOKEN })).data
  const level = view.level
  const paid = await h.api(IntimacyPaths.sendGift, { anchorId: HOST, giftId: view.gift.id, giftNum: 1, requestId: 'crash-up-1' }, { token: TEST_TOKEN })
  assert.is(paid.data, 'success', paid.body.msg)
  await killAndRestart()
  assert.is((await h.api(IntimacyPaths.info, { anchorId: HOST }, { token: TEST_TOKEN })).data.level, level + 1, 'the level paid for was lost')
  await h.api(IntimacyPaths.sendGift, { anchorId: HOST, giftId: view.gift.id, giftNum: 1, requestId: 'crash-up-2' }, { token: TEST_TOKEN })
  const rows = (await ledger(ME)).entries.filter((r) => r.reason === 'intimacy.gift' && r.level === level + 1)
  assert.is(rows.length, 1, 'the same level was paid twice')
  await assertLedgerHolds()
})

test('HAR-06 PAY-04 killed right after an order is created: the order is still there for its payment', async () => {
  const tpl = (await h.api('/api/template/getTempLate', {}, { token: TEST_TOKEN })).data
  const item = tpl.skuList.find((s: any) => !s.vipFlag)
  const info = item.skuInfoList[0]
  const payload = { skuInfoId: info.id, templateId: tpl.templateId, paymentMethodType: info.payMethodType, productId: item.productId, frontCallbackUrl: `${child.url}/paystatus`, vipFlag: item.vipFlag, diamondDetail: info.diamondDetail }
  const made = await h.api('/api/fuse/v3/createOrder', payload, { token: TEST_TOKEN })
  const orderCode = made.data?.orderCode
  assert.ok(orderCode, made.body.msg)
  await killAndRestart()
  const status = await h.api('/api/fuse/queryOrderStat', { searchValue: orderCode }, { token: TEST_TOKEN })
  assert.is(status.body.code, Code.ok, `the order is gone: ${status.body.msg}`)
  await assertLedgerHolds()
})

test.run()
