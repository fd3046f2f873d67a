// ENG-11: the user's block list, as the server answers it (blackListV2), read at login and after a
// resync, and changed only by the server's yes to a block or an unblock. Blocking tells the lists
// holding hosts to ask again ('host-blocked'): the server's answers leave her out.
import { signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import { answer } from '../../kernel/guard.ts'
import { hostRows, type BlocksService } from './api.ts'
import { SocialPath } from './paths.ts'

/** pages of the block list read at most (200 hosts each): a longer list is not plausible */
const MAX_PAGES = 5
const PAGE = 200

type Blocked = { ids: ReadonlySet<number>; accids: ReadonlySet<string> }
const none: Blocked = { ids: new Set(), accids: new Set() }

export function createBlocks(kernel: Kernel): BlocksService & { dispose(): void } {
  const blocked = signal<Blocked>(none)
  let generation = 0

  const refresh = async () => {
    const mine = ++generation
    if (!kernel.session.loggedIn.peek()) return void (blocked.value = none)
    const ids = new Set<number>()
    const accids = new Set<string>()
    for (let page = 1; page <= MAX_PAGES; page++) {
      let rows
      try {
        rows = answer(hostRows, SocialPath.blackListV2)(await kernel.api.post(SocialPath.blackListV2, { currentPage: page, pageSize: PAGE }, { silent: true }))
      } catch {
        return // the last known list stays; the next resync asks again
      }
      for (const r of rows) {
        ids.add(r.userId)
        if (r.yxAccid) accids.add(r.yxAccid)
      }
      if (rows.length < PAGE) break
    }
    if (mine === generation) blocked.value = { ids, accids }
  }

  const set = async (host: { userId: number; yxAccid: string }, block: boolean) => {
    const agreed = await kernel.api.post(block ? SocialPath.block : SocialPath.unblock, { type: 1, userId: host.userId, yxAccid: host.yxAccid }).then(
      () => true,
      () => false,
    )
    if (!agreed) return false
    generation++ // a list read before this answer is older than it
    const ids = new Set(blocked.peek().ids)
    const accids = new Set(blocked.peek().accids)
    if (block) {
      ids.add(host.userId)
      if (host.yxAccid) accids.add(host.yxAccid)
    } else {
      ids.delete(host.userId)
      accids.delete(host.yxAccid)
    }
    blocked.value = { ids, accids }
    kernel.events.emit('host-blocked', { userId: host.userId, yxAccid: host.yxAccid, blocked: block })
    return true
  }

  let wasIn = kernel.session.loggedIn.peek()
  const offSession = kernel.session.loggedIn.subscribe((now) => {
    if (now !== wasIn) void refresh()
    wasIn = now
  })
  const offResync = kernel.events.on('resync', () => void refresh())
  return {
    blocked,
    refresh,
    set,
    dispose() {
      offSession()
      offResync()
    },
  }
}
