import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { createTestKernel } from '../../kernel/testing.tsx'
import { createShellPlugin } from '../shell/index.ts'
import { backend, byId, click } from '../shell/testkit.tsx'
import { waitFor } from '../../test/wait.ts'
import { defaultTabs, wellKnownPaths } from '../../apps/tabs.ts'
import user from './index.ts'

function userKernel(o: { locale?: 'en' | 'ar' } = {}) {
  // /user is not a deep link: start on the wall and go there, as a user would
  return createTestKernel({
    plugins: [createShellPlugin({ retry: { wait: async () => undefined } }), user, { id: 'wall', routes: [{ path: '/wall', page: async () => ({ default: () => <p data-testid="page-wall" /> }) }] }],
    settings: { tabs: defaultTabs, mainPath: '/wall', wellKnownPaths },
    path: '/wall',
    token: 'tok',
    api: backend(),
    ...o,
  })
}

test('SHELL-06 the profile shows nickname, id and the balance the server answered', async () => {
  const t = userKernel()
  await t.render()
  t.location.navigate('/user')
  await waitFor(() => byId('user-balance'), { what: 'user-balance' })
  assert.is(byId('user-nickname')?.textContent, 'Ann')
  assert.match(byId('user-id')?.textContent ?? '', '100001')
  assert.is(byId('user-balance')?.textContent, '5000')
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
