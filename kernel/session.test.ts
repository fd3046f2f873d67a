import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createSession, takeTokenFromUrl } from './session.ts'
import { memoryStorage } from './storage.ts'
import { toUser } from './protocol/user.ts'

const make = (stored: Record<string, string> = {}, shellAppId: string | null = null) => {
  const storage = memoryStorage(stored)
  return { storage, session: createSession({ storage, appId: shellAppId ?? 'default-app' }) }
}

test('SHELL-09 login is by token presence: the stored token logs in', () => {
  assert.is(make({ token: 'abc' }).session.loggedIn.value, true)
  assert.is(make().session.loggedIn.value, false)
  assert.is(make().session.token.value, null)
})

test('SHELL-10 login stores token, deviceId, yxAccid and imToken; logout clears all but the device', () => {
  const { storage, session } = make()
  session.login({ token: 't1', deviceId: 'dev-1', yxAccid: 'yx1', imToken: 'im1' })
  assert.is(session.loggedIn.value, true)
  assert.is(storage.getItem('token'), 't1')
  assert.is(storage.getItem('deviceId'), 'dev-1')
  assert.is(session.deviceId, 'dev-1')
  assert.is(storage.getItem('yxAccid'), 'yx1')
  assert.is(storage.getItem('imToken'), 'im1')
  session.setUser({ userId: 1, nickname: 'n', icon: '', diamondNum: 5, yxAccid: 'yx1' })
  session.logout()
  assert.is(session.loggedIn.value, false)
  assert.is(session.user.value, null)
  for (const k of ['token', 'yxAccid', 'imToken']) assert.is(storage.getItem(k), null, k)
  assert.is(storage.getItem('deviceId'), 'dev-1')
  assert.throws(() => session.login({ token: '' }), /needs a token/)
})

test('SHELL-10 a deviceId is generated once and kept', () => {
  const { storage, session } = make()
  assert.ok(session.deviceId.length > 8)
  assert.is(storage.getItem('deviceId'), session.deviceId)
  const again = createSession({ storage, appId: 'x' })
  assert.is(again.deviceId, session.deviceId)
})

test('SHELL-08 the session runs as the app id it was given (apps/pick.ts picks it), whatever was stored', () => {
  assert.is(make({ appId: 'stored' }, 'picked').session.appId.value, 'picked')
  assert.is(make({ appId: 'stored' }).session.appId.value, 'default-app')
  const { storage, session } = make()
  session.setAppId('white')
  assert.is(session.appId.value, 'white')
  assert.is(storage.getItem('appId'), 'white')
})

test('SHELL-09 setBalance only changes diamondNum, and only with a number', () => {
  const { session } = make()
  session.setBalance(10) // no user yet: nothing to change, no error
  session.setUser({ userId: 1, nickname: 'n', icon: 'i', diamondNum: 5, yxAccid: 'y' })
  session.setBalance(90)
  assert.equal(session.user.value, toUser({ userId: 1, nickname: 'n', icon: 'i', diamondNum: 90, yxAccid: 'y' }))
  const warn = console.warn
  const logged: unknown[] = []
  console.warn = (...a: unknown[]) => void logged.push(a)
  try {
    for (const bad of [NaN, '5', -1, 1.5, Infinity, 1e308]) session.setBalance(bad)
  } finally {
    console.warn = warn
  }
  assert.is(logged.length, 6, 'one log line each')
  assert.is(session.user.peek()!.diamondNum, 90, 'a figure the ledger cannot hold is ignored')
})

test('SHELL-09 a token in the URL is stored and removed from the URL', () => {
  const { storage, session } = make()
  const r = takeTokenFromUrl('?token=url-tok&lang=ar', session)
  assert.equal(r, { action: 'login', search: '?lang=ar', changed: true })
  assert.is(storage.getItem('token'), 'url-tok')
  assert.is(session.token.value, 'url-tok')
})

test('SHELL-09 from=anchor clears the token and asks for a redirect', () => {
  const { storage, session } = make({ token: 'old' })
  const r = takeTokenFromUrl(new URLSearchParams('from=anchor&token=x&id=3'), session)
  assert.equal(r, { action: 'logout', search: '?id=3', changed: true })
  assert.is(storage.getItem('token'), null)
  assert.is(session.loggedIn.value, false)
})

test('SHELL-09 a URL without either leaves everything alone; an empty token is only removed', () => {
  const { session } = make({ token: 'keep' })
  assert.equal(takeTokenFromUrl('?a=1', session), { action: 'none', search: '?a=1', changed: false })
  assert.equal(takeTokenFromUrl('?token=&a=1', session), { action: 'none', search: '?a=1', changed: true })
  assert.is(session.token.value, 'keep')
})

test('SHELL-09 storage that throws does not break login (the token lives in memory)', () => {
  const broken = { getItem: () => { throw new Error('denied') }, setItem: () => { throw new Error('denied') }, removeItem: () => { throw new Error('denied') } } as unknown as Storage
  const session = createSession({ storage: broken, appId: 'd' })
  session.login({ token: 't' })
  assert.is(session.loggedIn.value, true)
  session.logout()
  assert.is(session.loggedIn.value, false)
})

test.run()
