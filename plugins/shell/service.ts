// The shell service: base config, login, user refresh, badges and links, over one kernel.
import type { Kernel } from '../../kernel/types.ts'
import type { BaseConfig, ShellApi } from './api.ts'
import { fetchBaseConfig, type RetryOptions } from './baseConfig.ts'
import { EMAIL_LOGIN_PATH, LOGIN_MESSAGE_MS, USER_INFO_PATH, validateEmailLogin } from './login.ts'
import { createShellState, type ShellState } from './state.ts'
import type { LoginResult, User } from '../../kernel/session.ts'

/** What the shell's own components see: the public API plus its state and the email login. */
export interface Shell extends ShellApi {
  state: ShellState
  /** validate, then send one request; true when logged in. Messages are toasted 3 s. */
  emailLogin(email: string, password: string): Promise<boolean>
}

export interface ShellOptions {
  /** base config retry pacing, injectable for tests */
  retry?: RetryOptions
}

export function createShell(kernel: Kernel, opts: ShellOptions = {}): Shell {
  const state = createShellState()
  let configLoad: Promise<BaseConfig> | null = null
  let userLoad: Promise<void> | null = null

  const shell: Shell = {
    state,
    baseConfig: state.baseConfig,
    baseConfigStatus: state.baseConfigStatus,

    loadBaseConfig({ force = false } = {}) {
      if (configLoad && !(force && state.baseConfigStatus.value !== 'loading')) return configLoad
      if (state.baseConfig.value && !force) return Promise.resolve(state.baseConfig.value)
      state.baseConfigStatus.value = 'loading'
      configLoad = fetchBaseConfig(kernel.api, kernel.session.appId.value, opts.retry).then(
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
      // concurrent callers (login, start, a page) share one request
      userLoad ??= kernel.api
        .post<User>(USER_INFO_PATH, {}, { silent: true })
        .then((user) => {
          if (user && kernel.session.loggedIn.value) kernel.session.user.value = user
        })
        .finally(() => {
          userLoad = null
        })
      return userLoad
    },

    openLink(url, extraQuery) {
      // the link rules load with the first link followed, not with the first screen
      import('./links.ts').then(
        (m) => void m.followLink(kernel, url, extraQuery),
        (err) => console.error('[app] links failed to load', err),
      )
    },

    badges: {
      followCount: state.followCount,
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

    async emailLogin(email, password) {
      if (state.loggingIn.value) return false
      const problem = validateEmailLogin(email, password)
      if (problem) {
        kernel.overlays.toast(kernel.i18n.t(problem), { type: 'warning', duration: LOGIN_MESSAGE_MS })
        return false
      }
      state.loggingIn.value = true
      try {
        const result = await kernel.api.post<LoginResult>(EMAIL_LOGIN_PATH, {
          appId: kernel.session.appId.value,
          appVersion: kernel.config.appVersion ?? '1.0.0',
          channel: 'h5',
          deviceId: kernel.session.deviceId,
          deviceType: 'web',
          email: email.trim(),
          password,
        })
        if (!result?.token) throw new Error('login answered without a token')
        kernel.session.login(result)
        await shell.refreshUser().catch(() => undefined)
        void shell.badges.refresh()
        return true
      } catch {
        // the api client has already toasted the server's message (d1 §8 'Other server errors')
        return false
      } finally {
        state.loggingIn.value = false
      }
    },
  }
  return shell
}
