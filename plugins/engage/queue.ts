// SHELL-17's popups, fed once per logged-in user and day: what the server says is due goes into
// the kernel's popup queue, which shows one at a time by priority, each when its `when` holds.
// SHELL-16: a new user's guide comes first and holds every other popup back while it shows.
// Loaded after the first screen, when a logged-in user reaches the wall.
import { answer } from '../../kernel/guard.ts'
import { effect } from '@preact/signals-react'
import type { Disposer, Kernel } from '../../kernel/types.ts'
import { realTimers } from '../../kernel/timers.ts'
import { isVip } from '../../kernel/protocol/user.ts'
import { shellRef } from '../shell/api.ts'
import { CallPath, recommendedHosts } from '../calls/api.ts'
import { EngagePath, Popup, type AppShift, type ReviewState, type SignInDetail } from './api.ts'
import { cleanActivities, cleanDays, forceReviewDue, onWall, rateUsDue } from './rules.ts'
import { firstToday, guideActive, guideKey, setGuide, storeOf, type EngageDeps } from './state.ts'

const quiet = { silent: true } as const
/** d2 §3 robot-call configuration default: 60 s on the wall before the offer */
const AUTO_CALL_S = 60

export function feedQueue(kernel: Kernel, deps: EngageDeps = {}): Disposer {
  const store = storeOf(deps)
  const now = () => (deps.now ?? (() => (deps.timers ?? realTimers).now()))()
  const user = kernel.session.user.peek()
  if (!user) return () => {}
  const stop: Disposer[] = []

  // SHELL-16: a new user's guide, once; it forces the wall and holds the other popups
  if (user.isNewUser && !store.get(guideKey(user.userId))) {
    setGuide(kernel, true)
    if (kernel.router.path.peek() !== kernel.app.settings.mainPath) kernel.router.navigate(kernel.app.settings.mainPath, { replace: true })
    void kernel.overlays.open(Popup.guide).then(() => {
      store.set(guideKey(user.userId), '1')
      setGuide(kernel, false)
    })
  }

  const shell = kernel.get(shellRef)
  const post = <T,>(path: string, payload: unknown = {}) => kernel.api.post<T | null>(path, payload, quiet).catch(() => null)

  // the answers are gathered before any is queued: the queue shows the first that arrives, and
  // the priority order must not depend on which request came back first
  type Due = Array<[id: string, props?: unknown]>
  // 1 derivation: the base config's appShift (this user's: asked again after the login)
  const derivation = (shell?.loadBaseConfig({ force: true }) ?? Promise.resolve(null)).then(
    (config): Due => {
      const shift = config?.appShift as AppShift | null | undefined
      return shift && typeof shift === 'object' && shift.shiftAppName && firstToday(store, Popup.derivation, now()) ? [[Popup.derivation, shift]] : []
    },
    (): Due => [],
  )
  // 2 the forced review (every day until done), or the rate-us popup once a day
  const review = post<ReviewState>(EngagePath.queryEval, { force: 1 }).then((s): Due => {
    if (forceReviewDue(s)) return [[Popup.review, { state: s, forced: true }]]
    return rateUsDue(s, guideActive(kernel)) && firstToday(store, Popup.review, now()) ? [[Popup.review, { state: s, forced: false }]] : []
  })
  // 3 activity popups, each once a day
  const activities = post<{ activityPopups?: unknown }>(EngagePath.popups).then((r): Due =>
    cleanActivities(r?.activityPopups)
      .filter((popup) => firstToday(store, `${Popup.activity}.${popup.id}`, now()))
      .map((popup) => [Popup.activity, { popup }]),
  )
  // 6 the daily check-in, when a day can be claimed
  const checkin = post<SignInDetail>(EngagePath.signinDetail).then((r): Due =>
    cleanDays(r?.list).some((d) => d.canReceiveFlag === 1) && firstToday(store, Popup.dailyCheckin, now()) ? [[Popup.dailyCheckin]] : [],
  )
  let live = true
  stop.push(() => (live = false))
  void Promise.all([derivation, review, activities, checkin]).then((lists) => {
    if (live) for (const [id, props] of lists.flat()) kernel.overlays.enqueue(id, props)
  })
  // 5 the auto call: after a while on the wall's All tab, once a day; VIP users only when configured
  stop.push(autoCall(kernel, deps, store, now))
  return () => stop.splice(0).forEach((d) => d())
}

function autoCall(kernel: Kernel, deps: EngageDeps, store: ReturnType<typeof storeOf>, now: () => number): Disposer {
  const config = kernel.get(shellRef)?.baseConfig.peek()
  const business = (config?.businessConfig ?? {}) as Record<string, unknown>
  const sys = (config?.sysConfigParams ?? {}) as Record<string, unknown>
  const user = kernel.session.user.peek()
  if (isVip(user, now()) && String(sys.call_is_push_vip ?? '0') !== '1') return () => {}
  const seconds = Number(business.home_auto_call_time ?? AUTO_CALL_S)
  const timers = deps.timers ?? realTimers
  let timer: unknown = null
  let done = false
  const offer = async () => {
    done = true
    if (!firstToday(store, Popup.autoCall, now())) return
    const list = await kernel.api.post(CallPath.recommend, { searchValue: 0 }, quiet).then(answer(recommendedHosts, CallPath.recommend)).catch(() => null)
    const host = list?.find((h) => h.status === 1)
    if (host) kernel.overlays.enqueue(Popup.autoCall, { host })
  }
  // the clock runs only while the All tab of the wall shows, outside calls and rooms
  const stop = effect(() => {
    const scene = kernel.scene.value
    const here = onWall(kernel.router.path.value) && !!scene.wallAll && !scene.call && !scene.live
    if (here && timer == null && !done) timer = timers.setTimeout(() => void offer(), seconds * 1000)
    if (!here && timer != null) {
      timers.clearTimeout(timer)
      timer = null
    }
  })
  return () => {
    stop()
    if (timer != null) timers.clearTimeout(timer)
  }
}
