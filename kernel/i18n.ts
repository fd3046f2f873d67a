// INTERFACE ONLY for now.
import type { ReadonlySignal } from '@preact/signals-react'

export type Locale = 'en' | 'ar'

export interface I18n {
  locale: ReadonlySignal<Locale>
  dir: ReadonlySignal<'ltr' | 'rtl'>
  /** 'pluginId.key' with {{param}} interpolation; falls back to en, then the key */
  t(key: string, params?: Record<string, unknown>): string
  setLocale(locale: Locale): void
}

// Factory to implement: export function createI18n(opts: { plugins: readonly Plugin[]; search: URLSearchParams; storage: Storage; navigatorLanguage?: string }): I18n
// (locale from ?lang=, then the stored choice, then the browser; sets <html lang dir>)
