// Social pages (ENG-06, ENG-11): the user ranking, host search, the followed hosts, the block list,
// favourites, a user's card, and the feedback form that also takes reports. A late plugin: every
// page is a lazy chunk, nothing of it is on the first screen.
import { computed } from '@preact/signals-react'
import { definePlugin, provide } from '../../kernel/plugin.ts'
import type { Kernel, RouteDef } from '../../kernel/types.ts'
import { blocksRef, SocialRoute } from './api.ts'
import { createBlocks } from './blocks.ts'
import { blockedAccountsRef } from '../message/api.ts'

/** the spec writes these routes with a trailing slash too (d1 §2) */
const route = (path: string, page: RouteDef['page'], auth = true): RouteDef => ({ path: [path, `${path}/`], page, auth })

// one block list per kernel, dropped with it
const blockLists = new WeakMap<Kernel, ReturnType<typeof createBlocks>>()
const blocksOf = (kernel: Kernel) => {
  let b = blockLists.get(kernel)
  if (!b) blockLists.set(kernel, (b = createBlocks(kernel)))
  return b
}

const social = definePlugin({
  id: 'social',
  // ENG-11: the inbox leaves out the chats of hosts the server's block list names
  services: [provide(blocksRef, blocksOf), provide(blockedAccountsRef, (k) => ({ accids: computed(() => blocksOf(k).blocked.value.accids) }))],
  setup(kernel) {
    // ENG-11: the block list, for what the server did not filter (the inbox's conversations)
    const blocks = blocksOf(kernel)
    void blocks.refresh()
    return () => blocks.dispose()
  },
  routes: [
    route(SocialRoute.rank, () => import('./RankPage.tsx'), false),
    route(SocialRoute.search, () => import('./SearchPage.tsx'), false),
    route(SocialRoute.friends, () => import('./FriendsPage.tsx')),
    route(SocialRoute.blocklist, () => import('./BlocklistPage.tsx')),
    route(SocialRoute.collect, () => import('./CollectPage.tsx')),
    route(SocialRoute.card, () => import('./CardPage.tsx')),
    route(SocialRoute.feedback, () => import('./FeedbackPage.tsx')),
    route(SocialRoute.report, () => import('./FeedbackPage.tsx')),
  ],
  strings: { en: () => import('../../locales/en/social.json'), ar: () => import('../../locales/ar/social.json') },
})
export default social
