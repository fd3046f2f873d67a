// Strings in English and Arabic (SHELL-12). Every plugin brings its own dictionary, merged
// under its id ('wall.title'); the kernel's own live under 'kernel'. Arabic lays the
// document out right to left.
import rosetta from 'rosetta'
import { computed, signal, type ReadonlySignal } from '@preact/signals-react'
import type { Plugin, Strings } from './types.ts'
import { safeStorage } from './storage.ts'
import kernelEn from '../locales/en/kernel.json'
import kernelAr from '../locales/ar/kernel.json'
import kernelUiEn from '../locales/en/kernel-ui.json'
import kernelUiAr from '../locales/ar/kernel-ui.json'

export type Locale = 'en' | 'ar'

export interface I18n {
  locale: ReadonlySignal<Locale>
  dir: ReadonlySignal<'ltr' | 'rtl'>
  /** 'pluginId.key' with {{param}} interpolation; falls back to en, then the key */
  t(key: string, params?: Record<string, unknown>): string
  setLocale(locale: Locale): void
}

export const LOCALES: readonly Locale[] = ['en', 'ar']
const STORE_KEY = 'lang'

/** 'ar', 'ar-SA', 'AR' -> 'ar'; anything we do not speak -> null */
export function toLocale(raw: string | null | undefined): Locale | null {
  const base = (raw ?? '').trim().toLowerCase().split(/[-_]/)[0]
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : null
}

/** ?lang= first (the native shell passes it), then the user's stored choice, then the browser, then en. */
export function pickLocale(o: { search?: URLSearchParams; stored?: string | null; navigatorLanguage?: string }): Locale {
  return toLocale(o.search?.get('lang')) ?? toLocale(o.stored) ?? toLocale(o.navigatorLanguage) ?? 'en'
}

export function createI18n(opts: {
  plugins: readonly Plugin[]
  search: URLSearchParams
  storage: Storage
  navigatorLanguage?: string
  /** where lang and dir are set; default the global document (none under Node without a DOM) */
  document?: Document | null
}): I18n {
  const store = safeStorage(opts.storage)
  const dict = rosetta<Strings>({
    en: { kernel: kernelEn, 'kernel-ui': kernelUiEn },
    ar: { kernel: kernelAr, 'kernel-ui': kernelUiAr },
  })
  for (const p of opts.plugins) {
    if (!p.strings) continue
    for (const lang of LOCALES) dict.set(lang, { [p.id]: p.strings[lang] ?? {} })
  }

  const navLang = opts.navigatorLanguage ?? globalThis.navigator?.language
  const locale = signal<Locale>(pickLocale({ search: opts.search, stored: store.get(STORE_KEY), navigatorLanguage: navLang }))
  const dir = computed(() => (locale.value === 'ar' ? 'rtl' : 'ltr'))
  const doc = opts.document === undefined ? globalThis.document : opts.document

  const apply = () => {
    if (!doc) return
    doc.documentElement.lang = locale.value
    doc.documentElement.dir = dir.value
  }
  apply()

  const lookup = (key: string, params: Record<string, unknown> | undefined, lang: Locale) => {
    const v = dict.t(key, params ?? {}, lang) as unknown
    return typeof v === 'string' && v ? v : null
  }

  return {
    locale,
    dir,
    t(key, params) {
      const lang = locale.value
      return lookup(key, params, lang) ?? (lang !== 'en' ? lookup(key, params, 'en') : null) ?? key
    },
    setLocale(next) {
      const l = toLocale(next)
      if (!l) throw new Error(`unsupported locale "${next}" (expected ${LOCALES.join(' or ')})`)
      store.set(STORE_KEY, l)
      locale.value = l
      apply()
    },
  }
}
