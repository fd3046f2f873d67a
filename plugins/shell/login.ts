// Email sign-in (d1 §5, d3 §5, SHELL-10): the rules, pure so the form and the tests share them,
// and the request. It loads with the login form, never with the first screen.
import type { Kernel } from '../../kernel/types.ts'
import type { LoginResult } from '../../kernel/session.ts'
import type { Shell } from './service.ts'

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

/** Validate, then send one request (a second tap while it is out sends nothing); true when
 *  logged in. Validation messages are toasted 3 s; the server's own the api client toasts. */
export async function emailLogin(kernel: Kernel, shell: Shell, email: string, password: string): Promise<boolean> {
  const { loggingIn } = shell.state
  if (loggingIn.value) return false
  const problem = validateEmailLogin(email, password)
  if (problem) {
    kernel.overlays.toast(kernel.i18n.t(problem), { type: 'warning', duration: LOGIN_MESSAGE_MS })
    return false
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
    loggingIn.value = false
  }
}
