// Email sign-in rules (d1 §5, d3 §5, SHELL-10). Pure, so the form and the tests share them.

/** i18n keys of the four messages, in the order they are checked */
export const LoginError = {
  emailRequired: 'shell.login.errors.emailRequired',
  emailFormat: 'shell.login.errors.emailFormat',
  passwordRequired: 'shell.login.errors.passwordRequired',
  passwordLength: 'shell.login.errors.passwordLength',
} as const

export const EMAIL_LOGIN_PATH = '/api/login/v2/email'
export const USER_INFO_PATH = '/api/user/getUserInfo'
/** validation messages stay this long (d3 §5 'Messages show 3 s') */
export const LOGIN_MESSAGE_MS = 3000
export const MIN_PASSWORD = 8

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
