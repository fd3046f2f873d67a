import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as js from './cipher.ts'
import * as web from './cipher-web.ts'

const keys = { key: 'hv7Qm2Lx9Rt4Wc8Z', iv: 'Kp3Ns6Dy1Fg5Jb0V' }
const keys256 = { key: 'k123456789abcdefk123456789abcdef', iv: 'i123456789abcdef' }
const values: unknown[] = [
  {},
  null,
  'token/+=',
  { userId: 100001, nickname: 'سارة 😀', list: [1, 2.5, true, null], nested: { deep: 'x'.repeat(5000) } },
  'exactly sixteen!'.slice(0, 14), // a plaintext of 16 bytes once quoted: a whole padding block
]

test('NET-01 the WebCrypto cipher gives the same ciphertext as crypto-js, and each decrypts the other', async () => {
  assert.ok(globalThis.crypto?.subtle, 'this runtime has WebCrypto')
  for (const k of [keys, keys256]) {
    for (const v of values) {
      const a = js.encrypt(v, k)
      const b = await web.encrypt(v, k)
      assert.is(b, a, `same ciphertext for ${JSON.stringify(v).slice(0, 30)}`)
      assert.equal(await web.decrypt(a, k), v ?? null)
      assert.equal(js.decrypt(b, k), v ?? null)
    }
  }
})

test('NET-01 the WebCrypto cipher rejects text that is not ours with a CipherError', async () => {
  for (const bad of ['', 'not base64 at all!', js.encrypt({ a: 1 }, { key: 'another-key-1234', iv: keys.iv }), 'AAAA']) {
    await web.decrypt(bad, keys).then(
      () => assert.unreachable(`"${bad}" decrypted`),
      (err: Error) => assert.is(err.name, 'CipherError'),
    )
  }
})

test('NET-01 without WebCrypto (a non-secure context) or with a 192-bit key, crypto-js is loaded instead', async () => {
  const k192 = { key: 'k123456789abcdef01234567', iv: keys.iv }
  assert.is(await web.encrypt({ a: 1 }, k192), js.encrypt({ a: 1 }, k192))
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!
  Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true })
  try {
    const enc = await web.encrypt({ b: 2 }, keys)
    assert.is(enc, js.encrypt({ b: 2 }, keys))
    assert.equal(await web.decrypt(enc, keys), { b: 2 })
    await web.decrypt('AAAA', keys).then(
      () => assert.unreachable(),
      (err: Error) => assert.is(err.name, 'CipherError'),
    )
  } finally {
    Object.defineProperty(globalThis, 'crypto', saved)
  }
})

test.run()
