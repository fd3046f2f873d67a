// Email sign-in (d1 §5, d3 §5, SHELL-10): the rules, pure so the form and the tests share them,
// and the request. It loads with the login form, never with the first screen.
import type { Kernel } from '../../kernel/types.ts'
import type { LoginResult } from '../../kernel/session.ts'
import type { Shell } from './service.ts'
import { ApiError } from '../../kernel/api.ts'
import { NO_ACCOUNT } from './codes.ts'

/** i18n keys of the four messages, in the order they are checked */
export const LoginError = {
  emailRequired: 'shell.login.errors.emailRequired',
  emailFormat: 'shell.login.errors.emailFormat',
  passwordRequired: 'shell.login.errors.passwordRequired',
  passwordLength: 'shell.login.errors.passwordLength',
} as const

const EMAIL_LOGIN_PATH = '/api/login/v2/email'
/** validation messages stay this long (d3 §5 'Messages show 3 s') */
const LOGIN_MESSAGE_MS = 3000
const MIN_PASSWORD = 8

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** The first rule the input breaks, as an i18n key, or null when it may be sent. */
export function validateEmailLogin(email: string, password: string): string | null {
  const e = email.trim()
  if (!e) return LoginError.emailRequired
  if (!EMAIL.test(e)) return LoginError.emailFormat
  if (!password) return LoginError.passwordRequired
  if (password.length < MIN_PASSWORD) return LoginError.passwordLength
  return null
}

/** What a login attempt came to: logged in, not (already told), or no account has that email. */
export type LoginOutcome = 'in' | 'failed' | 'no-account'

/** Validate, then send one request (a second tap while it is out sends nothing). Validation
 *  messages are toasted 3 s, and the server's refusals; an unknown email signs up only when
 *  `create` says the user agreed to it, else the answer is 'no-account' so the form can ask. */
export async function emailLogin(kernel: Kernel, shell: Shell, email: string, password: string, create = false): Promise<LoginOutcome> {
  const { loggingIn } = shell.state
  if (loggingIn.value) return 'failed'
  const problem = validateEmailLogin(email, password)
  if (problem) {
    kernel.overlays.toast(kernel.i18n.t(problem), { type: 'warning', duration: LOGIN_MESSAGE_MS })
    return 'failed'
  }
  loggingIn.value = true
  try {
    const result = await kernel.api.post<LoginResult>(EMAIL_LOGIN_PATH, {
      appId: kernel.session.appId.value,
      appVersion: kernel.config.appVersion ?? '1.0.0',
      channel: 'h5',
      deviceId: kernel.session.deviceId,
      deviceType: 'web',
      email: email.trim(),
      password,
      ...(create ? { register: 1 } : {}),
    }, { silent: true })
    if (!result?.token) throw new Error('login answered without a token')
    kernel.session.login(result)
    await shell.refreshUser().catch(() => undefined)
    void shell.badges.refresh()
    return 'in'
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'code' && err.code === NO_ACCOUNT) return 'no-account'
    // the server's own message, as the api client shows it (d1 §8 'Other server errors')
    if (err instanceof ApiError) kernel.overlays.toast(err.message, { type: 'warning' })
    return 'failed'
  } finally {
    loggingIn.value = false
  }
}
