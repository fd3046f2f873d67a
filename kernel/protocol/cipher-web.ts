// The wire cipher of cipher.ts (AES-CBC, PKCS7, key and IV as UTF-8) on the browser's own
// WebCrypto, so the app's first bundle carries no crypto library. Same ciphertext, byte for
// byte (tested against cipher.ts). WebCrypto is asynchronous and exists only in secure contexts
// (https, localhost) and only for 128- and 256-bit keys: anything else loads cipher.ts instead.
import type { CipherKeys } from './cipher.ts'

export type { CipherKeys }

/** the same error cipher.ts throws, without importing it */
class WebCipherError extends Error {
  constructor() {
    super('cannot decrypt')
    this.name = 'CipherError'
  }
}

type Subtle = SubtleCrypto
const subtleOf = (): Subtle | null => (globalThis.crypto?.subtle as Subtle | undefined) ?? null
const utf8 = new TextEncoder()
const keyCache = new Map<string, Promise<CryptoKey>>()

/** can WebCrypto do it (a secure context, a 128- or 256-bit key)? */
export function usable(keys: CipherKeys): boolean {
  const bytes = utf8.encode(keys.key).length
  return !!subtleOf() && (bytes === 16 || bytes === 32) && utf8.encode(keys.iv).length === 16
}

function cryptoKey(keys: CipherKeys): Promise<CryptoKey> {
  let k = keyCache.get(keys.key)
  if (!k) {
    k = subtleOf()!.importKey('raw', utf8.encode(keys.key), { name: 'AES-CBC' }, false, ['encrypt', 'decrypt'])
    keyCache.set(keys.key, k)
  }
  return k
}

function toBase64(bytes: Uint8Array): string {
  let bin = ''
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(bin)
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text.replace(/\s+/g, ''))
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

const fallback = () => import('./cipher.ts')

/** JSON value -> base64 ciphertext (what cipher.ts's encrypt gives) */
export async function encrypt(value: unknown, keys: CipherKeys): Promise<string> {
  if (!usable(keys)) return (await fallback()).encrypt(value, keys)
  const plain = utf8.encode(JSON.stringify(value ?? null))
  const sealed = await subtleOf()!.encrypt({ name: 'AES-CBC', iv: utf8.encode(keys.iv) }, await cryptoKey(keys), plain)
  return toBase64(new Uint8Array(sealed))
}

/** base64 ciphertext -> JSON value; rejects with a CipherError when the text is not ours */
export async function decrypt<T = unknown>(text: string, keys: CipherKeys): Promise<T> {
  if (!usable(keys)) return (await fallback()).decrypt<T>(text, keys)
  let plain: string
  try {
    const bytes = fromBase64(text)
    const opened = await subtleOf()!.decrypt({ name: 'AES-CBC', iv: utf8.encode(keys.iv) }, await cryptoKey(keys), bytes)
    plain = new TextDecoder('utf-8', { fatal: true }).decode(opened)
  } catch {
    throw new WebCipherError()
  }
  if (!plain) throw new WebCipherError()
  try {
    return JSON.parse(plain) as T
  } catch {
    throw new WebCipherError()
  }
}
