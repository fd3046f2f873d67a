// The wheel of the room being watched (LIVE-10): its config by host id, the entrance switched by
// room messages 72 (on, config reloaded) and 73 (off), the spin (one request id per spin, so a
// retried request is charged once) and the result tip, hidden after 3 s. The balance shown comes
// from the spin's answer; the result reaches the chat as a wheelRes record the server posts.
import { batch, effect, signal } from '@preact/signals-react'
import { isInsufficient } from '../../kernel/api.ts'
import { askBySending, confirmPaid, sendPaid } from '../../kernel/paid.ts'
import { shellRef } from '../shell/api.ts'
import { answer } from '../../kernel/guard.ts'
import { prefersReducedMotion } from '../../kernel/style.ts'
import type { Timers } from '../../kernel/timers.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { LiveApi } from '../live/api.ts'
import { rechargeRef } from '../recharge/api.ts'
import { spinAnswer, wheelConfigAnswer } from './api.ts'
import { WHEEL_OFF, WHEEL_ON, WHEEL_TIP_MS, WHEEL_TURN_MS, WheelPaths } from './paths.ts'

export interface WheelSector {
  sectorId: number
  prize: number
}
export interface WheelConfig {
  anchorId: number
  price: number
  sectors: WheelSector[]
  enabled: boolean
}
export interface WheelResult {
  sectorIndex: number
  prize: number
  /** a new number per spin, so the same result twice still turns the wheel */
  seq: number
}

/** the config as the server answers it, through its guard (api.ts); sectors without a prize are dropped */
export function toConfig(raw: unknown, hostId: number): WheelConfig | null {
  const r = wheelConfigAnswer(raw)
  if (!r) return null
  const sectors = r.wheelSectorList.map((s, i) => ({ sectorId: s.sectorId || i + 1, prize: Math.max(0, s.prize) }))
  return { anchorId: r.anchorId || hostId, price: Math.max(0, r.price), sectors, enabled: r.wheelEnabled }
}

/** the turn's length: the sheet's animation and the wait before the tip */
export const turnMs = () => (prefersReducedMotion() ? 0 : WHEEL_TURN_MS)


export type Wheel = ReturnType<typeof createWheel>

export function createWheel(kernel: Kernel, live: LiveApi, timers: Timers) {
  const on = signal(false)
  const config = signal<WheelConfig | null>(null)
  const open = signal(false)
  const spinning = signal(false)
  const result = signal<WheelResult | null>(null)
  const tip = signal<number | null>(null)
  let hostId: number | null = null
  let tipTimer: unknown = null
  let seq = 0

  const hideTip = () => {
    if (tipTimer != null) timers.clearTimeout(tipTimer)
    tipTimer = null
    tip.value = null
  }

  /** the config of this host; `initial`: the room just opened, its wheelEnabled says on or off */
  const load = (id: number, initial: boolean) =>
    kernel.api
      .post<unknown>(WheelPaths.config, { anchorId: id }, { silent: true })
      .then((raw) => {
        if (hostId !== id) return
        const c = toConfig(raw, id)
        batch(() => {
          config.value = c
          if (initial) on.value = !!c?.enabled
        })
      })
      .catch(() => undefined) // no config: no entrance

  const reset = () =>
    batch(() => {
      hideTip()
      on.value = false
      config.value = null
      open.value = false
      spinning.value = false
      result.value = null
    })

  const offRoom = effect(() => {
    const id = live.current.value?.hostId ?? null
    if (id === hostId) return
    hostId = id
    reset()
    if (id != null) void load(id, true)
  })
  const offOn = live.onRoomMessage(WHEEL_ON, () => {
    if (hostId == null) return
    on.value = true
    void load(hostId, false)
  })
  const offOff = live.onRoomMessage(WHEEL_OFF, () => batch(() => ((on.value = false), (open.value = false))))

  /** the wheel turns to the result, then the tip shows for 3 s; no new spin meanwhile */
  const land = (sectorIndex: number, prize: number) => {
    result.value = { sectorIndex, prize, seq: ++seq }
    tipTimer = timers.setTimeout(() => {
      batch(() => ((tip.value = prize), (spinning.value = false)))
      tipTimer = timers.setTimeout(hideTip, WHEEL_TIP_MS)
    }, turnMs())
  }

  const spin = async () => {
    const c = config.peek()
    if (spinning.peek() || !c || !c.sectors.length || hostId == null) return
    const id = hostId
    spinning.value = true
    hideTip()
    let landing = false
    const attempt = (requestId: string) => kernel.api.post(WheelPaths.rotate, { anchorId: id, requestId }, { silent: true })
    try {
      const r = await sendPaid(attempt)
      let res: unknown
      if (r.state === 'done') res = r.answer
      else {
        // no answer twice: the spin may have happened; the same key asks, and no new spin goes meanwhile
        kernel.overlays.toast(kernel.i18n.t('wheel.pending'), { type: 'info' })
        const s = await confirmPaid(askBySending(attempt), r.key, timers)
        if (s.state !== 'done') {
          if (s.state === 'unknown') void kernel.get(shellRef)?.refreshUser().catch(() => undefined)
          else kernel.overlays.toast(kernel.i18n.t('wheel.failed'), { type: 'warning' })
          return
        }
        res = s.answer
      }
      if (hostId !== id) return
      // a malformed answer is a failed spin (its toast): nothing lands, no balance is taken from it
      const spun = answer(spinAnswer, WheelPaths.rotate)(res)
      if (spun.diamondNum !== undefined) kernel.session.setBalance(spun.diamondNum)
      if (spun.sectorIndex < 0 || spun.sectorIndex >= c.sectors.length) return
      landing = true
      land(spun.sectorIndex, spun.prize)
    } catch (err) {
      if (isInsufficient(err)) void kernel.get(rechargeRef)?.open({ source: 'wheel', inLive: true })
      else kernel.overlays.toast(kernel.i18n.t('wheel.failed'), { type: 'warning' })
    } finally {
      if (!landing) spinning.value = false
    }
  }

  return {
    /** the entrance shows: the room's wheel is on and has sectors */
    visible: () => on.value && !!config.value?.sectors.length,
    config,
    open,
    spinning,
    result,
    tip,
    spin,
    dispose() {
      offRoom()
      offOn()
      offOff()
      hideTip()
    },
  }
}
