// The engine wired to a kernel: API, RTC, session, router, scene, toasts, and the optional
// links to the wall's hosts service and the shell's base config.
import { goBackOrHome } from '../../../kernel/ui/PageBar.tsx'
import { effect, signal, type ReadonlySignal } from '@preact/signals-react'
import type { Kernel } from '../../../kernel/types.ts'
import type { RtcClient } from '../../../kernel/rtc/types.ts'
import type { ImClient } from '../../../kernel/im/types.ts'
import { shellRef } from '../../shell/api.ts'
import { hostsRef } from '../../wall/api.ts'
import type { CallsApi, LastCall } from '../api.ts'
import { CallEngine } from './engine.ts'
import type { CallConfig } from './call-state.ts'
import { isActive } from './machine.ts'
import { safeStorage } from '../../../kernel/storage.ts'
import { syncCallOverlays } from './overlays.ts'
import { robotConfigFor } from '../rules.ts'
import { isVip } from '../../../kernel/protocol/user.ts'
import { browserTimers, type CallTimers } from './timers.ts'
import type { ToastKey } from '../strings.ts'

export interface CallsOptions {
  timers?: CallTimers
  /** where the connected call is kept across a reload; default localStorage */
  storage?: Storage
  /** app ids whose users never receive host calls (d1 §4 'a certain app id') */
  rejectAppIds?: string[]
  /** a call ended (the post-call sheet opens from here) */
  ended?: (last: LastCall, kernel: Kernel) => void
  /** the RTC client; default the kernel's (tests pass a double) */
  rtc?: () => Promise<RtcClient>
  /** the messaging client for the call chat; default the kernel's */
  im?: () => Promise<ImClient>
}

export interface CallsService extends CallsApi {
  engine: CallEngine
  /** the clock the engine runs on, for the screens' own timers (controls auto-hide) */
  timers: CallTimers
  /** the RTC client of the call, for the screens to show the video */
  rtc(): Promise<RtcClient>
  /** the messaging client the call chat sends with */
  im(): Promise<ImClient>
  /** the last call toast raised, numbered, so a page can react to its own outcome (match time-out) */
  said: ReadonlySignal<{ key: ToastKey; seq: number } | null>
  dispose(): void
}

/** sysConfigParams values arrive as strings */
function configFrom(kernel: Kernel, opts: CallsOptions): Partial<CallConfig> {
  const base = kernel.get(shellRef)?.baseConfig.value
  const sys = (base?.sysConfigParams ?? {}) as Record<string, unknown>
  const biz = (base?.businessConfig ?? {}) as Record<string, unknown>
  return {
    callTimeOut: Number(sys.callTimeOutNum) || undefined,
    matchTicket: Number(sys.match_card_diamond_num) || undefined,
    matchFreeTime: Number(sys.matchFreeTime) || undefined,
    // CALL-11: the new or old user's robot set
    robotCallTime: Number(biz.robot_call_time) || robotConfigFor(biz, !!kernel.session.user.value?.isNewUser).autoCallTime,
    rejectAppIds: opts.rejectAppIds ?? [],
  }
}

/** the connected call, kept so the next start can end it and show its summary */
const UNFINISHED_KEY = 'calls.unfinished'

function createCallsService(kernel: Kernel, opts: CallsOptions = {}): CallsService {
  const scene = () => kernel.scene.value
  const timers = opts.timers ?? browserTimers
  const rtc = opts.rtc ?? (() => kernel.rtc())
  // a refused or missing storage only means the server alone ends a call a reload left
  const store = safeStorage(opts.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage))
  const said = signal<{ key: ToastKey; seq: number } | null>(null)
  const engine = new CallEngine({
    post: (path, payload, o) => kernel.api.post(path, payload, o),
    rtc,
    timers,
    say: (key, o) => {
      said.value = { key, seq: (said.peek()?.seq ?? 0) + 1 }
      kernel.overlays.toast(kernel.i18n.t(`calls.toast.${key}`, o?.params), { type: o?.type, duration: o?.duration })
    },
    user: () => {
      const u = kernel.session.user.value
      return u ? { userId: u.userId, diamondNum: u.diamondNum, yxAccid: u.yxAccid, isVip: isVip(u, timers.now()) } : null
    },
    setBalance: (n) => kernel.session.setBalance(n),
    online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    setCallChannel: (c) => kernel.realtime.setCallChannel(c),
    openShop: (source) => kernel.events.emit('insufficient-balance', { path: kernel.router.path.value, source }),
    back: () => goBackOrHome(kernel),
    config: () => configFrom(kernel, opts),
    markHostBusy: (id) => kernel.get(hostsRef)?.setStatus(id, 'busy'),
    ended: (last) => opts.ended?.(last, kernel),
    remember: (call) => (call ? store.set(UNFINISHED_KEY, JSON.stringify(call)) : store.remove(UNFINISHED_KEY)),
    unfinished: () => {
      try {
        const raw = JSON.parse(store.get(UNFINISHED_KEY) ?? 'null')
        return raw && typeof raw.channelId === 'string' ? raw : null
      } catch {
        return null
      }
    },
    where: () => ({
      path: kernel.router.path.value,
      live: !!scene().live,
      payPopup: !!scene().payPopup,
      game: !!scene().halfGame || !!scene().gameCentre,
      appId: kernel.session.appId.value,
    }),
  })
  // scene.call follows the call, for the tab bar, overlays and other plugins' rules
  const stopScene = effect(() => {
    const on = isActive(engine.info.value.status)
    const s = kernel.scene.peek()
    // no call yet: the scene stays as it was
    if (!!s.call !== on) kernel.scene.value = { ...s, call: on }
  })
  return {
    engine,
    timers,
    rtc,
    im: opts.im ?? (() => kernel.im()),
    said,
    info: engine.info,
    warning: engine.warning,
    start: (o) => engine.start(o),
    startMatch: () => engine.startMatch(),
    hangUp: () => engine.hangUp(),
    cancel: () => engine.cancel(),
    dispose() {
      stopScene()
      engine.dispose()
    },
  }
}

/** The service plus the overlays that follow its engine: what the plugin provides, made on first use. */
export function startCallsService(kernel: Kernel, opts: CallsOptions = {}): CallsService {
  const service = createCallsService(kernel, opts)
  const stopOverlays = syncCallOverlays(kernel, service)
  const dispose = service.dispose
  service.dispose = () => {
    stopOverlays()
    dispose()
  }
  return service
}
