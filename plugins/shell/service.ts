// The shell service: base config, login, user refresh, badges and links, over one kernel.
import { computed } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'
import { safeStorage } from '../../kernel/storage.ts'
import type { Kernel } from '../../kernel/types.ts'
import type { BaseConfig, ShellApi } from './api.ts'
import { fetchBaseConfig, type RetryOptions } from './base-config.ts'
import { createShellState, type ShellState } from './state.ts'
import { USER_INFO_PATH } from '../../kernel/protocol/user.ts'

/** What the shell's own components see: the public API plus its state. */
export interface Shell extends ShellApi {
  state: ShellState
}

/** the shell's own handle on its service; other plugins use shellRef (api.ts), the same object */
export const shellServiceRef = ref<Shell>('shell.service')

export interface ShellOptions {
  /** base config retry pacing, injectable for tests */
  retry?: RetryOptions
}

export function createShell(kernel: Kernel, opts: ShellOptions = {}): Shell {
  const state = createShellState()
  // SHELL-07: the tab badge counts what is new, so it falls to the unread count once the inbox is
  // seen (the fans total alone stayed on the tab for good)
  const store = safeStorage(typeof localStorage === 'undefined' ? undefined : localStorage)
  const SEEN_KEY = 'shell.followsSeen'
  try {
    const kept = JSON.parse(store.get(SEEN_KEY) ?? 'null')
    if (kept && Number.isInteger(kept.userId) && Number.isInteger(kept.n)) state.followsSeen.value = kept
  } catch {
    /* a bad stored value: nothing seen yet */
  }
  const newFollows = computed(() => {
    const userId = kernel.session.user.value?.userId
    const seen = state.followsSeen.value
    return Math.max(0, state.followCount.value - (seen && seen.userId === userId ? seen.n : 0))
  })
  let configLoad: Promise<BaseConfig> | null = null
  let reloadAfter: Promise<BaseConfig> | null = null
  let userLoad: Promise<void> | null = null
  let userReload: Promise<void> | null = null

  const shell: Shell = {
    state,
    baseConfig: state.baseConfig,
    baseConfigStatus: state.baseConfigStatus,

    loadBaseConfig({ force = false } = {}) {
      if (configLoad && !force) return configLoad
      // the load on its way may have left before what the caller knows changed (a login): one fresh load follows it
      if (configLoad) return (reloadAfter ??= configLoad.catch(() => undefined).then(() => ((reloadAfter = null), shell.loadBaseConfig({ force: true }))))
      if (state.baseConfig.value && !force) return Promise.resolve(state.baseConfig.value)
      state.baseConfigStatus.value = 'loading'
      configLoad = fetchBaseConfig(kernel.api, kernel.session.appId.value, opts.retry, force).then(
        (config) => {
          state.baseConfig.value = config
          state.baseConfigStatus.value = 'ready'
          configLoad = null
          return config
        },
        (err) => {
          state.baseConfigStatus.value = 'failed'
          configLoad = null
          throw err
        },
      )
      return configLoad
    },

    async openLogin({ to, full = false } = {}) {
      if (kernel.session.loggedIn.value) return true
      const id = full ? 'login-sheet' : 'login-popup'
      if (kernel.overlays.isOpen(id)) return false
      const done = await kernel.overlays.open<boolean>(id, { to })
      if (done && to && to !== kernel.router.path.value) {
        // a main tab is switched with replace (SHELL-05); any other target is a normal step forward
        const isTab = kernel.app.settings.tabs.some((t) => t.path === to)
        kernel.router.navigate(to, { replace: isTab })
      }
      return !!done
    },

    refreshUser() {
      if (!kernel.session.loggedIn.value) return Promise.resolve()
      // the load on its way may have left before what the caller knows changed (a credit): one fresh
      // load follows it, shared by everyone who asks meanwhile
      if (userLoad) return (userReload ??= userLoad.catch(() => undefined).then(() => ((userReload = null), shell.refreshUser())))
      userLoad = kernel.api
        .post<Record<string, unknown> | null>(USER_INFO_PATH, {}, { silent: true })
        .then((user) => {
          if (user && kernel.session.loggedIn.value) kernel.session.setUser(user)
        })
        .finally(() => {
          userLoad = null
        })
      return userLoad
    },

    linkRules: () => import('./links.ts').then((m) => m.rulesFor(kernel)),

    badges: {
      followCount: state.followCount,
      newFollows,
      markFollowsSeen() {
        const userId = kernel.session.user.peek()?.userId
        const n = state.followCount.peek()
        const seen = state.followsSeen.peek()
        if (!userId || (seen?.userId === userId && seen.n === n)) return
        state.followsSeen.value = { userId, n }
        store.set(SEEN_KEY, JSON.stringify({ userId, n }))
      },
      taskClaimable: state.taskClaimable,
      async refresh() {
        if (!kernel.session.loggedIn.value) {
          state.followCount.value = 0
          state.taskClaimable.value = false
          return
        }
        // badges are decoration: a failing call keeps the last value (d1 §8 'swallowed silently');
        // their code loads with the first logged-in refresh, never for a guest
        const badges = await import('./badges.ts').catch(() => null)
        if (!badges) return
        const { loadFollowCount, loadTaskClaimable } = badges
        const [follow, task] = await Promise.allSettled([loadFollowCount(kernel.api), loadTaskClaimable(kernel.api)])
        if (follow.status === 'fulfilled') state.followCount.value = follow.value
        if (task.status === 'fulfilled') state.taskClaimable.value = task.value
      },
    },
  }
  return shell
}
