// The pay methods only the place the app runs can offer: a store inside a native shell (the App
// Store in the iOS shell, Google Play in the Android one) and Apple Pay where the browser has it.
// The harness plays a shell: ?shell=ios|android|browser on a load (kept for the tab), iOS by default.
import type { Kernel } from '../../kernel/types.ts'

export interface PayCapabilities {
  store: 'APPSTORE' | 'GOOGLEPLAY' | null
  applePay: boolean
}

interface ShellWindow {
  webkit?: { messageHandlers?: { bridge?: unknown } }
  NativeBridge?: { purchase?: unknown }
  ApplePaySession?: { canMakePayments?: () => boolean }
  location?: { search: string }
  sessionStorage?: Storage
}

/** what a real shell (or a plain browser) offers, read from the page */
export function nativeCapabilities(w: ShellWindow): PayCapabilities {
  let applePay = false
  try {
    applePay = !!w.ApplePaySession?.canMakePayments?.()
  } catch {
    // a browser without Apple Pay may throw instead of answering false
  }
  return { store: w.webkit?.messageHandlers?.bridge ? 'APPSTORE' : w.NativeBridge?.purchase ? 'GOOGLEPLAY' : null, applePay }
}

const HARNESS_SHELLS = {
  ios: { store: 'APPSTORE', applePay: true },
  android: { store: 'GOOGLEPLAY', applePay: false },
  browser: { store: null, applePay: false },
} satisfies Record<string, PayCapabilities>
type HarnessShell = keyof typeof HARNESS_SHELLS
const SHELL_KEY = 'harness.shell'
const isShell = (s: string | null | undefined): s is HarnessShell => !!s && s in HARNESS_SHELLS

/** the shell the harness plays: ?shell= (kept for the tab's session), else iOS */
export function harnessShell(w: ShellWindow): HarnessShell {
  const asked = new URLSearchParams(w.location?.search ?? '').get('shell')
  try {
    if (isShell(asked)) w.sessionStorage?.setItem(SHELL_KEY, asked)
    const kept = w.sessionStorage?.getItem(SHELL_KEY)
    return isShell(kept) ? kept : 'ios'
  } catch {
    return isShell(asked) ? asked : 'ios'
  }
}

export function payCapabilities(kernel: Kernel, w: ShellWindow = globalThis as ShellWindow): PayCapabilities {
  return kernel.config.mode === 'harness' ? HARNESS_SHELLS[harnessShell(w)] : nativeCapabilities(w)
}
