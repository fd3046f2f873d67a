// Illustrated avatars, generated here so fixtures need nothing from the internet: DiceBear's
// 'Lorelei' style (design by Lisa Wischofsky, CC0 1.0; code MIT), drawn from the user's id, so a
// host always has the same face, over a soft background of her own. Harness only: the app shows
// the URL the user record gives and never bundles this library.
import { createAvatar } from '@dicebear/core'
import * as lorelei from '@dicebear/lorelei'

/** soft backgrounds that keep the line art readable on the dark app */
const BACKGROUNDS = ['ffd5dc', 'ffdfbf', 'c0aede', 'd1d4f9', 'b6e3f4', 'fde2a7', 'c7f0d8', 'f7c6e0']

/** the face of the user with this id (a user id or an IM account); hosts are women, so no beards */
export function avatarSvg(id: string, o: { host?: boolean } = {}): string {
  return createAvatar(lorelei, {
    seed: id,
    size: 256,
    backgroundColor: BACKGROUNDS,
    backgroundType: ['solid'],
    ...(o.host && { beardProbability: 0, hairAccessoriesProbability: 40, earringsProbability: 60 }),
  }).toString()
}
