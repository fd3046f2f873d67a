// AES-CBC with PKCS7 padding, key and IV from configuration. Shared by the app and the
// harness so both ends of the wire speak one cipher. Only the two crypto-js modules
// needed are imported (about 7 KB gz against 26 KB for the whole library).
import { parseJson } from './json.ts'
import AES from 'crypto-js/aes'
import Utf8 from 'crypto-js/enc-utf8'

export interface CipherKeys {
  key: string
  iv: string
}

function parts(keys: CipherKeys) {
  return { key: Utf8.parse(keys.key), iv: Utf8.parse(keys.iv) }
}

/** JSON value -> base64 ciphertext */
export function encrypt(value: unknown, keys: CipherKeys): string {
  const { key, iv } = parts(keys)
  return AES.encrypt(JSON.stringify(value ?? null), key, { iv }).toString()
}

/** base64 ciphertext -> JSON value; throws CipherError when the text is not ours */
export function decrypt<T = unknown>(text: string, keys: CipherKeys): T {
  const { key, iv } = parts(keys)
  let plain = ''
  try {
    plain = AES.decrypt(text, key, { iv }).toString(Utf8)
  } catch {
    throw new CipherError()
  }
  if (!plain) throw new CipherError()
  try {
    return parseJson(plain) as T
  } catch {
    throw new CipherError()
  }
}

export class CipherError extends Error {
  constructor() {
    super('cannot decrypt')
    this.name = 'CipherError'
  }
}
