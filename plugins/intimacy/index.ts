// Intimacy (LIVE-15): the bind sheet (tabs Privileges and Increase) opened from the heart in the
// live room's side column or in a call (intimacyRef), and the same panel as the chat's intimacy card (/talk's sub-route,
// through the message plugin's optional intimacyCardRef). A late plugin: nothing of it is on the
// first screen; it needs no other plugin. Upgrade lines reach the room's chat and the /talk chat from the server.
import { createElement } from 'react'
import { effect, untracked } from '@preact/signals-react'
import { definePlugin, provide } from '../../kernel/plugin.ts'
import { liveRef, type LiveApi } from '../live/api.ts'
import { intimacyCardRef } from '../message/api.ts'
import { INTIMACY_SHEET, intimacyRef, type IntimacySheetProps } from './api.ts'
import { BondEntrance } from './BondEntrance.tsx'
import { IntimacyCard } from './IntimacyCard.tsx'

export default definePlugin({
  id: 'intimacy',
  overlays: [{ id: INTIMACY_SHEET, tier: 'sheet', component: () => import('./IntimacySheet.tsx') }],
  services: [
    provide(intimacyCardRef, () => ({ Card: IntimacyCard })),
    provide(intimacyRef, (kernel) => ({ open: (hostId) => void kernel.overlays.open(INTIMACY_SHEET, { hostId } satisfies IntimacySheetProps) })),
  ],
  strings: { en: () => import('../../locales/en/intimacy.json'), ar: () => import('../../locales/ar/intimacy.json') },
  setup(kernel) {
    // an optional link: the heart goes into the room once the live plugin is there (a late plugin
    // may join after this one); an app without live rooms still has the chat's card
    let filled: LiveApi | undefined
    const stop = effect(() => {
      const live = kernel.get(liveRef)
      if (!live || live === filled) return
      filled = live
      untracked(() => live.fill('bond', () => createElement(BondEntrance, { live })))
    })
    return () => {
      stop()
      filled?.fill('bond', null)
    }
  },
})
