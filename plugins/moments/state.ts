// What changed on a post since its list was loaded (a like, a comment), as the server answered it:
// the feed and the detail read the same patches, so a like in the detail shows in the feed.
import { signal, type Signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import type { Moment } from './api.ts'

type Patch = Partial<Pick<Moment, 'isLike' | 'likeNum' | 'commentNum'>>

const patches = new WeakMap<Kernel, Signal<Record<number, Patch>>>()

export function patchesOf(kernel: Kernel): Signal<Record<number, Patch>> {
  let s = patches.get(kernel)
  if (!s) patches.set(kernel, (s = signal({})))
  return s
}

export function patch(kernel: Kernel, id: number, p: Patch) {
  const s = patchesOf(kernel)
  s.value = { ...s.peek(), [id]: { ...s.peek()[id], ...p } }
}

/** a post with what changed since it was loaded */
export const patched = (m: Moment, all: Record<number, Patch>): Moment => (all[m.id] ? { ...m, ...all[m.id] } : m)
