import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { serverCode } from '../../kernel/testing.tsx'
import type { ToastOptions } from '../../kernel/overlays.tsx'
import { validateEmailLogin, LoginError } from './login.ts'
import { byId, click, shellKernel, submit, type } from './testkit.tsx'
import { waitFor } from '../../test/wait.ts'

test('SHELL-10 the rules are checked in order: email, its format, password, its length', () => {
  assert.is(validateEmailLogin('', ''), LoginError.emailRequired)
  assert.is(validateEmailLogin('   ', 'password123'), LoginError.emailRequired)
  assert.is(validateEmailLogin('ann@', 'password123'), LoginError.emailFormat)
  assert.is(validateEmailLogin('ann example.com', ''), LoginError.emailFormat)
  assert.is(validateEmailLogin('ann@example.com', ''), LoginError.passwordRequired)
  assert.is(validateEmailLogin('ann@example.com', '1234567'), LoginError.passwordLength)
  assert.is(validateEmailLogin('ann@example.com', '12345678'), null)
})

/** open the popup from the header, choose email, and track toasts with their options */
async function openEmailForm(o: Parameters<typeof shellKernel>[0] = {}) {
  const t = shellKernel({ path: '/wall', ...o })
  const shown: Array<{ text: string; opts?: ToastOptions }> = []
  const toast = t.kernel.overlays.toast
  t.kernel.overlays.toast = (text, opts) => {
    shown.push({ text, opts })
    toast(text, opts)
  }
  await t.render()
  await click('header-login')
  await click(await waitFor(() => byId('login-with-email'), { what: 'login-with-email' }))
  await waitFor(() => byId('login-email'), { what: 'login-email' })
  return { t, shown }
}

const cases: Array<[string, string, string]> = [
  ['', 'password123', 'Please enter valid email address'],
  ['ann@example', 'password123', 'E-mail format is incorrect'],
  ['ann@example.com', '', 'Please enter your password'],
  ['ann@example.com', 'short', 'Password must be at least eight characters'],
]

for (const [email, password, message] of cases) {
  test(`SHELL-10 '${message}' shows as a 3 s warning and nothing is sent`, async () => {
    const { t, shown } = await openEmailForm()
    await type('login-email-input', email)
    await type('login-password-input', password)
    await submit('login-email')
    await waitFor(() => shown.length, { what: 'the warning' })
    assert.equal(shown, [{ text: message, opts: { type: 'warning', duration: 3000 } }])
    assert.is(t.requests.filter((r) => r.path === '/api/login/v2/email').length, 0)
    assert.ok(byId('login-email'), 'the form stays, with what was typed')
    assert.is((byId('login-email-input') as HTMLInputElement).value, email)
    t.dispose()
  })
}

test('SHELL-10 the Arabic messages are shown in Arabic', async () => {
  const { t, shown } = await openEmailForm({ locale: 'ar' })
  await submit('login-email')
  assert.is(shown[0]?.text, 'يرجى إدخال بريد إلكتروني صالح')
  t.dispose()
})

test('SHELL-10 a successful login sends the documented fields and stores deviceId, token, yxAccid, imToken', async () => {
  const { t } = await openEmailForm()
  await type('login-email-input', ' viewer@example.com ')
  await type('login-password-input', 'password123')
  await submit('login-email')
  await t.settle()
  const sent = t.requests.filter((r) => r.path === '/api/login/v2/email')
  assert.is(sent.length, 1)
  assert.equal(Object.keys(sent[0].payload).sort(), ['appId', 'appVersion', 'channel', 'deviceId', 'deviceType', 'email', 'password'])
  assert.is(sent[0].payload.email, 'viewer@example.com')
  assert.is(sent[0].payload.appId, 'test-app')
  assert.is(t.storage.getItem('token'), 'tok-1')
  assert.is(t.storage.getItem('deviceId'), 'dev-9')
  assert.is(t.storage.getItem('yxAccid'), 'user_100001')
  assert.is(t.storage.getItem('imToken'), 'im-100001')
  assert.is(byId('login-popup'), null, 'popup closed')
  assert.ok(t.requests.some((r) => r.path === '/api/user/getUserInfo' && r.headers.loginToken === 'tok-1'), 'user info fetched with the new token')
  assert.is(byId('header-balance')?.textContent, '5,000', 'balance from the server')
  t.dispose()
})

test('SHELL-10 a double tap sends one login request', async () => {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const { t } = await openEmailForm({
    backend: {
      login: async () => {
        await gate
        return { token: 'tok-2', deviceId: 'd', yxAccid: 'a', imToken: 'i' }
      },
    },
  })
  await type('login-email-input', 'viewer@example.com')
  await type('login-password-input', 'password123')
  await submit('login-email')
  await submit('login-email')
  await click('login-submit')
  release()
  await t.settle()
  assert.is(t.requests.filter((r) => r.path === '/api/login/v2/email').length, 1)
  assert.is(t.storage.getItem('token'), 'tok-2')
  t.dispose()
})

test('SHELL-10 a server refusal shows its message and keeps the guest logged out', async () => {
  const { t } = await openEmailForm({ backend: { login: () => serverCode('5000', 'Incorrect email or password') } })
  await type('login-email-input', 'viewer@example.com')
  await type('login-password-input', 'wrongpassword')
  await submit('login-email')
  await waitFor(() => t.toasts.some((x) => x.text === 'Incorrect email or password'), { what: 'the server message' })
  assert.is(t.storage.getItem('token'), null)
  assert.ok(byId('login-email'), 'form still open')
  t.dispose()
})

for (const [locale, ask] of [['en', 'No account for typo@example.com: create one?'], ['ar', 'لا يوجد حساب للبريد typo@example.com: هل تريد إنشاء حساب؟']] as const) {
  test(`SHELL-10 an unknown email asks before creating an account, and signs up only on Create (${locale})`, async () => {
    const { t } = await openEmailForm({
      locale,
      backend: { login: (_p, payload) => (payload.register ? { token: 'tok-new', deviceId: 'd', yxAccid: 'a', imToken: 'i' } : serverCode('4041', 'No account for this email')) },
    })
    await type('login-email-input', 'typo@example.com')
    await type('login-password-input', 'password123')
    await submit('login-email')
    const question = await waitFor(() => byId('login-no-account'), { what: 'the question' })
    assert.is(question.querySelector('p')?.textContent, ask)
    assert.is(t.storage.getItem('token'), null, 'not signed up yet')
    assert.not.ok(t.toasts.length, 'no error toast: the form asks instead')
    await click('login-create')
    await waitFor(() => t.storage.getItem('token'), { what: 'signed up' })
    const sent = t.requests.filter((r) => r.path === '/api/login/v2/email')
    assert.equal(sent.map((r) => r.payload.register), [undefined, 1])
    t.dispose()
  })
}

test('SHELL-10 Change the email goes back to the form without signing up', async () => {
  const { t } = await openEmailForm({ backend: { login: () => serverCode('4041', 'No account for this email') } })
  await type('login-email-input', 'typo@example.com')
  await type('login-password-input', 'password123')
  await submit('login-email')
  await click(await waitFor(() => byId('login-create-cancel'), { what: 'cancel' }))
  assert.ok(byId('login-submit'), 'Sign in again')
  assert.is(t.requests.filter((r) => r.path === '/api/login/v2/email').length, 1)
  t.dispose()
})

test('SHELL-10 the full-screen login sheet carries the promo text and Sign in with Email', async () => {
  const t = shellKernel({ path: '/wall' })
  await t.render()
  const { shellRef } = await import('./api.ts')
  act(() => void t.kernel.need(shellRef).openLogin({ full: true }))
  const sheet = await waitFor(() => byId('login-sheet'), { what: 'login-sheet' })
  assert.match(sheet.textContent ?? '', 'Sign up for free diamonds')
  assert.match(sheet.textContent ?? '', 'Check in every 6 days for 850 diamonds')
  assert.match(byId('login-with-email')?.textContent ?? '', 'Sign in with Email')
  await click('login-with-email')
  assert.ok(await waitFor(() => byId('login-email'), { what: 'login-email' }))
  t.dispose()
})

test('SHELL-09 after logging in from a protected tab the user lands on it', async () => {
  const t = shellKernel({ path: '/wall' })
  await t.render()
  await click('tab-user')
  await click(await waitFor(() => byId('login-with-email'), { what: 'login-with-email' }))
  await waitFor(() => byId('login-email'), { what: 'login-email' })
  await type('login-email-input', 'viewer@example.com')
  await type('login-password-input', 'password123')
  await submit('login-email')
  await waitFor(() => byId('page-user'), { what: 'page-user' })
  assert.is(t.location.path(), '/user')
  t.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
