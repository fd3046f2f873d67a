// "Is this user VIP?" has one answer (isVip in kernel/protocol/user.ts, on the record the session
// normalised): the wall's VIP tab lock, the call price on the host profile, the profile badge and
// the VIP shop agree, whichever way the server says it.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { definePlugin } from '../../kernel/plugin.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { defaultTabs, wellKnownPaths } from '../../apps/tabs.ts'
import { createShellPlugin } from '../shell/index.ts'
import { shellRef } from '../shell/api.ts'
import { createWallPlugin } from '../wall/index.ts'
import { wallStateRef, type WallTag } from '../wall/state.ts'
import { createCallsPlugin } from '../calls/index.ts'
import user from '../user/index.ts'
import { rechargeRef } from '../recharge/api.ts'
import { createVipPlugin } from './index.ts'
import { waitFor } from '../../test/wait.ts'

const DAY = 86_400_000
const future = new Date(Date.now() + 30 * DAY).toISOString()
const past = new Date(Date.now() - DAY).toISOString()

/** each way the user record may say it, and whether the user is VIP now */
const shapes: Array<[string, Record<string, unknown>, boolean]> = [
  ['isVipV2 true', { isVipV2: true }, true],
  ['vipInfo.isVip 1 with an end ahead', { vipInfo: { isVip: 1, expireTime: future } }, true],
  ['vipInfo.isVip true', { vipInfo: { isVip: true, expireTime: null } }, true],
  ['the old flat isVip 1', { isVip: 1 }, true],
  ['vipInfo.isVip 1, expired yesterday', { vipInfo: { isVip: 1, expireTime: past } }, false],
  ['isVipV2 true, expired yesterday', { isVipV2: true, isVip: 1, vipInfo: { isVip: true, expireTime: past } }, false],
  ['isVipV2 false', { isVipV2: false, isVip: 0, vipInfo: { isVip: 0, expireTime: null } }, false],
  ['no VIP field at all', {}, false],
]

const vipTag: WallTag = { tagId: 6, name: 'Like You', kind: 'likeYou', lock: 'vip' }
const HOST = { userId: 200001, yxAccid: 'host_200001', nickname: 'Lina', icon: '', userType: 2, age: 24, countryId: null, countryCode: null, levelName: 'A', videoPrice: 100, vipVideoPrice: 90, discountOffDiamond: 0, onlineStatus: 1, liveDescribe: null, followed: false, fansNum: 3, followNum: 1, photos: [] }

function kernelFor(record: Record<string, unknown>): TestKernel {
  return createTestKernel({
    plugins: [
      createShellPlugin({ retry: { wait: async () => undefined } }),
      createWallPlugin(),
      createCallsPlugin(),
      user,
      definePlugin({ id: 'recharge' }),
      createVipPlugin(),
    ],
    fakes: [fake(rechargeRef, { methodsFor: () => [] })],
    settings: { tabs: defaultTabs, mainPath: '/wall', wellKnownPaths },
    path: '/wall',
    token: 'tok',
    api: (path) => {
      switch (path) {
        case '/api/user/getUserInfo':
          return { userId: 100001, nickname: 'Ann', icon: '', diamondNum: 5000, yxAccid: 'user_100001', ...record }
        case '/api/index/v2/getBaseConfigForIntoBag':
          return { forcePayConfig: { isFinished: true } }
        case '/api/index/getUserDetail':
          return HOST
        case '/api/wallet/vipGetShopInfo':
          // the shop's own VIP words say nothing here: the user record answers
          return { vipPrice: 14.99, vipDiamond: 3000, callDiscount: 10, hasPurchasedVip: false, vipInfo: { isVip: false, expireTime: null, '72Hour': false }, vipTemplateList: [] }
        case '/api/vipPrivileges/getVipPrivileges':
          return { list: [] }
        default:
          return serverCode('4004', path)
      }
    },
  })
}

const $ = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)

test('PAY-08 CALL-13 ENG-01 SHELL-06 one VIP answer: the wall lock, the call price, the profile badge and the VIP shop agree for every shape of the user record', async () => {
  for (const [name, record, vip] of shapes) {
    const t = kernelFor(record)
    try {
      await t.kernel.i18n.ready()
      await t.render()
      // the record arrives as the app loads it: the shell's user refresh, normalised by the session
      await t.kernel.need(shellRef).refreshUser()
      assert.ok(t.kernel.session.user.value, `${name}: the user arrived`)

      const wall = t.kernel.need(wallStateRef)
      assert.equal(wall.lockOf(vipTag), vip ? null : { kind: 'vip' }, `${name}: the wall's VIP tab`)

      t.location.navigate('/detail?id=200001')
      const price = await waitFor(() => $('detail-price'), { what: 'detail-price' })
      assert.is(price.textContent?.includes(vip ? '90' : '100'), true, `${name}: the call price (${price.textContent})`)
      assert.is(!!price.querySelector('s'), vip, `${name}: the list price struck through for a VIP only`)

      t.location.navigate('/user')
      const nick = await waitFor(() => $('user-nickname'), { what: 'user-nickname' })
      assert.is(!!nick.querySelector('.us-vip'), vip, `${name}: the profile's VIP badge`)

      t.location.navigate('/vip')
      const status = await waitFor(() => $('vip-status'), { what: 'vip-status' })
      assert.is(status.dataset.vip, String(vip), `${name}: the VIP shop (${status.textContent})`)
      assert.is($('vip-buy')?.textContent, vip ? 'Extend VIP' : 'Become VIP', `${name}: the VIP shop's button`)
    } finally {
      t.dispose()
      document.body.innerHTML = ''
    }
  }
})

test.run()
