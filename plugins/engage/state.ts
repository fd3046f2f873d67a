// The engagement plugin's state: the new-user guide (a scene mark other popups read), the level
// the check-in asks for, and the once-a-day memory of the queue's popups.
import { answer } from '../../kernel/guard.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { Timers } from '../../kernel/timers.ts'
import { safeStorage, type SafeStorage } from '../../kernel/storage.ts'
import { notShownToday, shownKey } from '../offers/api.ts'
import { EngagePath, levelInfo, type LevelInfo } from './api.ts'

export interface EngageDeps {
  storage?: Storage
  now?: () => number
  /** the auto call's clock (tests drive it) */
  timers?: Timers
}

export const storeOf = (deps: EngageDeps): SafeStorage => safeStorage(deps.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage))

/** once a day per popup: true (and remembered) the first time today */
export function firstToday(store: SafeStorage, id: string, now: number): boolean {
  const key = `popupShown.${id}`
  if (!notShownToday(store.get(key), now)) return false
  store.set(key, shownKey(now))
  return true
}

/** SHELL-16: the guide is a scene mark, so every queued popup's `when` can wait for it */
export const guideActive = (kernel: Kernel) => !!kernel.scene.peek().guide
export function setGuide(kernel: Kernel, on: boolean) {
  kernel.scene.value = { ...kernel.scene.peek(), guide: on }
}
export const guideKey = (userId: number | string) => `guideDone.${userId}`

/** the user's level (d3 §8: a failure is swallowed: null) */
export async function loadLevel(kernel: Kernel): Promise<LevelInfo | null> {
  return kernel.api
    .post(EngagePath.level, {}, { silent: true })
    .then(answer(levelInfo, EngagePath.level))
    .catch(() => null)
}
