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
