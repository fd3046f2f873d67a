// IM-04: the top message banner. A message from someone else shows a banner for 5 s, at most
// one per 10 s, unless the user is chatting with that sender, is in a call or live room, or has
// do-not-disturb for messages on. Robot invitations and unknown kinds never show one.
import type { ImMessage } from '../../kernel/im/types.ts'
import type { Kernel } from '../../kernel/types.ts'
import { kindOf } from './kinds.ts'
import { silenced } from '../../kernel/protocol/disturb.ts'
import { BANNER_DEBOUNCE_MS } from './rules.ts'
import { BANNER_ID } from './ids.ts'

export interface BannerWhere {
  path: string
  to: string | null
  call: boolean
  live: boolean
  /** do-not-disturb for messages is on (a VIP's) */
  quiet: boolean
}

/** may a banner show for this message now? `lastShown` is when the previous one showed */
export function bannerAllowed(m: ImMessage, me: string | null, w: BannerWhere, now: number, lastShown: number | null): boolean {
  if (!m.senderId || m.senderId === me) return false
  const kind = kindOf(m).kind
  if (kind === 'unknown' || kind === 'invite') return false
  if (w.quiet) return false
  if (w.call || w.live) return false
  if ((w.path === '/talk' && w.to === m.senderId) || w.path === '/customer-talk') return false
  return lastShown == null || now - lastShown >= BANNER_DEBOUNCE_MS
}

export function createBanner(kernel: Kernel, now: () => number = Date.now) {
  let lastShown: number | null = null
  return (m: ImMessage, me: string | null) => {
    const scene = kernel.scene.peek()
    const where: BannerWhere = {
      path: kernel.router.path.peek(),
      to: kernel.router.search.peek().get('to'),
      call: !!scene.call,
      live: !!scene.live,
      quiet: silenced(kernel.session.user.peek(), 'messages', now()),
    }
    if (!bannerAllowed(m, me, where, now(), lastShown)) return
    lastShown = now()
    kernel.overlays.close(BANNER_ID)
    void kernel.overlays.open(BANNER_ID, { message: m })
  }
}
