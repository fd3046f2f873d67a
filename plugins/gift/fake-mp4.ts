// The harness's alpha-channel MP4 gift: a real H.264 file (fixtures/gift-alpha.mp4, made in Chromium
// by scripts/gift-alpha-mp4.mjs) laid out as YYEVA-Web plays a file without its metadata box: the
// alpha mask on the left half of each frame, the colour on the right. One file serves every MP4 gift.
import { readFileSync } from 'node:fs'

const FILE = new URL('../../fixtures/gift-alpha.mp4', import.meta.url)
let bytes: Uint8Array | undefined

/** the file's bytes, read once (it is read-only and of fixed size) */
export const giftMp4 = (): Uint8Array => (bytes ??= new Uint8Array(readFileSync(FILE)))
