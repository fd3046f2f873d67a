// The wheel (LIVE-10): fills the live room's 'wheel' slot from setup and reads the room through
// the live feature's api. A late plugin: nothing of it is on the first screen.
import { createElement } from 'react'
import { definePlugin } from '../../kernel/plugin.ts'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import { liveRef } from '../live/api.ts'
import { createWheel } from './state.ts'
import { WheelEntrance } from './Wheel.tsx'

export const createWheelPlugin = (deps: { timers?: Timers } = {}) =>
  definePlugin({
    id: 'wheel',
    requires: ['live'],
    strings: { en: () => import('../../locales/en/wheel.json'), ar: () => import('../../locales/ar/wheel.json') },
    setup(kernel) {
      const live = kernel.get(liveRef)
      if (!live) return
      const wheel = createWheel(kernel, live, deps.timers ?? realTimers)
      live.fill('wheel', () => createElement(WheelEntrance, { wheel }))
      return () => {
        live.fill('wheel', null)
        wheel.dispose()
      }
    },
  })

export default createWheelPlugin()
