import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { createTestKernel, type FakeApi } from '../../kernel/testing.tsx'
import { createShellPlugin } from '../shell/index.ts'
import { backend, byId, click } from '../shell/testkit.tsx'
import { waitFor } from '../../test/wait.ts'
import { defaultTabs, wellKnownPaths } from '../../apps/tabs.ts'
import user from './index.ts'

const pageAt = (path: string) => ({ path, page: async () => ({ default: () => <p data-testid={`page${path.replace(/\//g, '-')}`} /> }) })

function userKernel(o: { locale?: 'en' | 'ar'; pages?: string[]; api?: FakeApi } = {}) {
  // /user is not a deep link: start on the wall and go there, as a user would
  const { pages = ['/getcoin'], ...rest } = o
  return createTestKernel({
    plugins: [createShellPlugin({ retry: { wait: async () => undefined } }), user, { id: 'wall', routes: ['/wall', ...pages].map(pageAt) }],
    settings: { tabs: defaultTabs, mainPath: '/wall', wellKnownPaths },
    path: '/wall',
    token: 'tok',
    api: backend(),
    ...rest,
  })
}

const ALL_PAGES = ['/getcoin', '/vip', '/getcoin/diamond-records', '/callRecords', '/customer', '/feedback']
const linkIds = () => [...document.querySelectorAll<HTMLElement>('[data-testid^="user-link-"]')].map((el) => el.dataset.testid)

test('SHELL-06 the Me tab is the hub: an entry for every page this build has, none for a page it lacks', async () => {
  const t = userKernel({ pages: ALL_PAGES })
  await t.render()
  t.location.navigate('/user')
  await waitFor(() => byId('user-links'), { what: 'the links' })
  assert.equal(linkIds(), ['user-link-vip', 'user-link-diamond-records', 'user-link-call-records', 'user-link-customer', 'user-link-feedback'])
  assert.ok(byId('user-recharge'), 'recharge')
  assert.ok(byId('user-about')?.textContent?.includes('1.0.0'), 'about with the version')
  await click('user-link-call-records')
  assert.is(t.location.path(), '/callRecords')
  t.dispose()

  const bare = userKernel({ pages: [] })
  await bare.render()
  bare.location.navigate('/user')
  await waitFor(() => byId('user-balance'), { what: 'the profile' })
  assert.is(byId('user-links'), null, 'no entries to pages the build lacks')
  assert.is(byId('user-recharge'), null, 'no Recharge without the recharge page')
  assert.ok(byId('user-logout'), 'log out')
  bare.dispose()
})

for (const [locale, claimText] of [['en', 'Claim'], ['ar', 'استلام']] as const) {
  test(`SHELL-07 the Me tab's dot has something to claim on the Me tab: the claimable task, claimed once through the server (${locale})`, async () => {
    let claimed = 0
    const tasks = () => [
      { taskId: 1, taskName: 'Daily login', rewardDiamond: 20, status: claimed ? 2 : 1, claimable: !claimed },
      { taskId: 2, taskName: 'Follow 3 hosts', rewardDiamond: 50, status: 0, claimable: false },
    ]
    const base = backend({ hasClaimable: true })
    const t = userKernel({
      locale,
      api: (path, payload, headers) => {
        if (path === '/api/userTask/get') return { list: tasks(), hasClaimable: !claimed }
        if (path === '/api/userTask/receive') return (claimed++, { diamondNum: 5020, rewardDiamond: 20 })
        return base(path, payload, headers)
      },
    })
    await t.render()
    await waitFor(() => byId('badge-user-dot'), { what: 'the dot' })
    t.location.navigate('/user')
    const claim = await waitFor(() => byId('user-task-claim-1'), { what: 'the claimable task' })
    assert.is(claim.textContent, claimText)
    assert.is(byId('user-task-claim-2'), null, 'a task not done has no Claim')
    await click(claim)
    await click(claim)
    await waitFor(() => !byId('badge-user-dot') && !byId('user-task-claim-1'), { what: 'claimed, the dot gone' })
    assert.is(claimed, 1, 'a double tap claims once')
    t.dispose()
  })
}

test('SHELL-06 the profile shows nickname, id and the balance the server answered', async () => {
  const t = userKernel()
  await t.render()
  t.location.navigate('/user')
  await waitFor(() => byId('user-balance'), { what: 'user-balance' })
  assert.is(byId('user-nickname')?.textContent, 'Ann')
  assert.match(byId('user-id')?.textContent ?? '', '100001')
  assert.is(byId('user-balance')?.textContent, '5,000')
  assert.ok(t.requests.filter((r) => r.path === '/api/user/getUserInfo').length >= 1, 'refreshed from the server')
  await click('user-recharge')
  assert.is(t.location.path(), '/getcoin')
  t.dispose()
})

test('SHELL-12 the language switch turns the app to Arabic, right to left', async () => {
  const t = userKernel()
  await t.render()
  t.location.navigate('/user')
  await waitFor(() => byId('user-lang-ar'), { what: 'user-lang-ar' })
  await click('user-lang-ar')
  await t.settle()
  assert.is(t.kernel.i18n.locale.value, 'ar')
  assert.is(document.documentElement.dir, 'rtl')
  assert.is(byId('user-logout')?.textContent, 'تسجيل الخروج')
  assert.is(byId('tab-user')?.textContent, 'أنا')
  await click('user-lang-en')
  assert.is(t.kernel.i18n.locale.value, 'en')
  t.dispose()
})

test('SHELL-09 log out asks first, then clears the token and returns to the main path as a guest', async () => {
  const t = userKernel()
  await t.render()
  t.location.navigate('/user')
  await waitFor(() => byId('user-logout'), { what: 'user-logout' })
  let answer!: (ok: boolean) => void
  t.kernel.overlays.confirm = () => new Promise((r) => (answer = r))
  await click('user-logout')
  await act(async () => answer(true))
  await waitFor(() => byId('header-login'), { what: 'the guest header' })
  assert.is(t.storage.getItem('token'), null)
  assert.is(t.location.path(), '/wall')
  t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
