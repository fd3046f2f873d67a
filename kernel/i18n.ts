// Strings in English and Arabic (SHELL-12). Every plugin brings its own dictionary, merged
// under its id ('wall.title'); the kernel's own live under 'kernel'. Arabic lays the
// document out right to left.
//
// A plugin's dictionary may be given eagerly or as a loader (`() => import('x.json')`), so the
// first bundle carries no language the user does not read: ready() loads the active locale
// (the entry awaits it before the first render), setLocale() loads the next one before
// switching, and English, the fallback, follows in the background.
import rosetta from 'rosetta'
import { computed, signal, type ReadonlySignal } from '@preact/signals-react'
import type { Plugin, Strings, StringsSource } from './types.ts'
import { safeStorage } from './storage.ts'
import kernelEn from '../locales/en/kernel.json'

export type Locale = 'en' | 'ar'
/** t()'s params: a count is the raw number (1510), never a shown text ('1,510' is no number) */
export type TParams = Record<string, unknown> & { count?: number }

export interface I18n {
  locale: ReadonlySignal<Locale>
  /** grows when strings that a text asked for before they were loaded arrive: what reads it (t()
   *  does, so every component that translates under useSignals, and useT) draws again with them */
  revision: ReadonlySignal<number>
  dir: ReadonlySignal<'ltr' | 'rtl'>
  /** 'pluginId.key' with {{param}} interpolation (numbers formatted for the locale); falls back to
   *  en, then the key. A key of a namespace whose strings are not here yet (a lazy dictionary, a late
   *  plugin) is '' meanwhile, never the key: its strings load at once and the text draws again. A key whose entry holds plural forms ({one, few, many, other...}) picks the
   *  form of the raw count (params.count, else params.n) by Intl.PluralRules; t() formats it for the
   *  text itself. A sentence with two counts words the second as a plural entry of its own. */
  t(key: string, params?: TParams): string
  /** switch language; lazy dictionaries of that language load first (resolves once switched).
   *  Throws at once for a locale the app does not speak. */
  setLocale(locale: Locale): Promise<void>
  /** load the dictionaries of `locale` (default: the active one). With `namespaces` (plugin ids)
   *  only those and the kernel's load now (`first`: without their moreStrings) and the others right
   *  after; English follows in the background. */
  ready(locale?: Locale, namespaces?: readonly string[], first?: boolean): Promise<void>
}

/** The kernel's side: late plugins bring their dictionaries when they join. */
export interface KernelI18n extends I18n {
  include(plugins: readonly Plugin[]): void
}

const LOCALES: readonly Locale[] = ['en', 'ar']
const STORE_KEY = 'lang'

/** The kernel's own dictionaries: English messages are in the first bundle (every fallback needs
 *  them); the kernel's screens' words (kernel-ui: not-found, dialogs, sheets) load after the first screen. */
const kernelStrings: Record<Locale, Record<string, StringsSource>> = {
  en: { kernel: kernelEn, 'kernel-ui': () => import('../locales/en/kernel-ui.json') },
  ar: { kernel: () => import('../locales/ar/kernel.json'), 'kernel-ui': () => import('../locales/ar/kernel-ui.json') },
}

// Numbers and plural forms, the part of Intl every t() needs (the rest: kernel/format.ts, lazy;
// kept small, as the first screen carries it).
// Arabic keeps Latin digits (ar-u-nu-latn), chosen once here: prices, ids, times and balances read
// the same in both languages and in the spec's texts.
/** The Intl tag of a locale: Arabic with Latin digits. */
export const intlTag = (locale: Locale): string => (locale === 'ar' ? 'ar-u-nu-latn' : 'en')
// one formatter and one plural rule set per locale: making one per call (toLocaleString does) cost
// about 15 ms a host card at 4x CPU slowdown, most of the wall's first render
const numbers: Partial<Record<Locale, Intl.NumberFormat>> = {}
const plurals: Partial<Record<Locale, Intl.PluralRules>> = {}
/** a whole number of 0 or more, grouped by threes with commas, as both locales write it */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',')
/** 5000 -> '5,000' (up to 3 decimals). Whole numbers of 0 or more (prices, ages, diamonds) are
 *  grouped here: a page's first Intl.NumberFormat costs about 45 ms (180 ms at a phone's 4x), more
 *  than the wall's whole first render, so the first screen never makes one */
export const formatNumber = (n: number, locale: Locale): string => {
  const value = +n || 0
  return Number.isSafeInteger(value) && value >= 0 ? grouped(value) : (numbers[locale] ??= new Intl.NumberFormat(intlTag(locale))).format(value)
}
/** the plural form of n in the locale: Arabic has zero, one, two, few, many and other. n is a raw
 *  count (a number, or digits from the wire); anything else ('1,510', '1.9K') is no count and takes
 *  'other', never the form of 0 */
export const pluralForm = (n: unknown, locale: Locale): Intl.LDMLPluralRule => {
  const count = typeof n === 'number' ? n : typeof n === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(n) ? Number(n) : NaN
  return Number.isFinite(count) ? (plurals[locale] ??= new Intl.PluralRules(intlTag(locale))).select(count) : 'other'
}

/** 'ar', 'ar-SA', 'AR' -> 'ar'; anything we do not speak -> null */
function toLocale(raw: string | null | undefined): Locale | null {
  const base = (raw ?? '').trim().toLowerCase().split(/[-_]/)[0]
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : null
}

/** ?lang= first (the native shell passes it), then the user's stored choice, then the browser, then en. */
export function pickLocale(o: { search?: URLSearchParams; stored?: string | null; navigatorLanguage?: string }): Locale {
  return toLocale(o.search?.get('lang')) ?? toLocale(o.stored) ?? toLocale(o.navigatorLanguage) ?? 'en'
}

/** the app's locale as createI18n picks it, for code that runs before the strings (or without
 *  them): the start-up error of an app that could not start */
export function appLocale(): Locale {
  let stored: string | null = null
  try {
    stored = globalThis.localStorage?.getItem(STORE_KEY) ?? null
  } catch {
    /* storage blocked: ?lang= and the browser still speak */
  }
  return pickLocale({ search: new URLSearchParams(globalThis.location?.search), stored, navigatorLanguage: globalThis.navigator?.language })
}

export function createI18n(opts: {
  plugins: readonly Plugin[]
  search: URLSearchParams
  storage: Storage
  navigatorLanguage?: string
  /** where lang and dir are set; default the global document (none under Node without a DOM) */
  document?: Document | null
  /** dictionaries already at hand, asked before a lazy one loads (a test kernel reads them from disk) */
  preloaded?: (locale: Locale, namespace: string) => Strings | undefined
  /** runs the background loads (the rest after ready(), English as a fallback); default: next tick.
   *  The app defers them until its first screen is shown. */
  background?: (load: () => void) => void
}): KernelI18n {
  const store = safeStorage(opts.storage)
  const dict = rosetta<Strings>({ en: {}, ar: {} })
  // dictionary -> loader, per locale, for what is not loaded yet. A dictionary is a namespace
  // (a plugin id) or the rest of one ('shell-more', merged into 'shell': see Plugin.moreStrings)
  const pending: Record<Locale, Map<string, () => Promise<unknown>>> = { en: new Map(), ar: new Map() }
  const namespaceOf = (name: string) => name.replace(/-more$/, '')
  // namespaces a text asked for before their strings were here; their arrival bumps the revision
  const missed = new Set<string>()
  const revision = signal(0)
  const merge = (lang: Locale, name: string, table: Strings) => {
    const ns = namespaceOf(name)
    dict.set(lang, { [ns]: { ...(dict.table(lang)?.[ns] as Strings | undefined), ...table } })
    if (missed.delete(ns)) queueMicrotask(() => revision.value++)
  }
  const add = (lang: Locale, name: string, source: StringsSource | undefined) => {
    const atHand = typeof source === 'function' ? opts.preloaded?.(lang, name) : undefined
    if (atHand) merge(lang, name, atHand)
    else if (typeof source === 'function') pending[lang].set(name, source)
    else merge(lang, name, source ?? {})
  }
  const include = (plugins: readonly Plugin[]) => {
    for (const lang of LOCALES)
      for (const p of plugins) {
        if (p.strings) add(lang, p.id, p.strings[lang])
        if (p.moreStrings) add(lang, `${p.id}-more`, p.moreStrings[lang])
      }
  }
  for (const lang of LOCALES) for (const [ns, source] of Object.entries(kernelStrings[lang])) add(lang, ns, source)
  include(opts.plugins)

  // one load per dictionary at a time; a failed one stays pending, so a later call tries again
  const inflight = new Map<string, Promise<void>>()
  const loadOne = (lang: Locale, ns: string, loader: () => Promise<unknown>) => {
    const key = `${lang}:${ns}`
    let p = inflight.get(key)
    if (!p) {
      p = loader()
        .then((mod) => {
          const m = mod as Strings | { default: Strings }
          merge(lang, ns, ('default' in m && typeof m.default === 'object' ? m.default : m) as Strings)
          pending[lang].delete(ns)
        })
        .finally(() => inflight.delete(key))
      inflight.set(key, p)
    }
    return p
  }
  const load = (lang: Locale, only?: readonly string[]): Promise<void> =>
    Promise.all([...pending[lang]].filter(([name]) => !only || only.includes(name)).map(([name, loader]) => loadOne(lang, name, loader))).then(() => undefined)
  const background = opts.background ?? ((fn: () => void) => void setTimeout(fn, 0))
  const later = (lang: Locale) => background(() => load(lang).catch((err) => console.warn(`[app] ${lang} strings failed to load`, err)))
  /** English is only the fallback of another locale: load it after the rest, never block on it */
  const fallbackLater = (lang: Locale) => {
    if (lang !== 'en' && pending.en.size) later('en')
  }

  const navLang = opts.navigatorLanguage ?? globalThis.navigator?.language
  const locale = signal<Locale>(pickLocale({ search: opts.search, stored: store.get(STORE_KEY), navigatorLanguage: navLang }))
  // ?lang= is kept: later navigations, a reload without it and a payment provider's return keep it
  if (toLocale(opts.search.get('lang'))) store.set(STORE_KEY, locale.peek())
  const dir = computed(() => (locale.value === 'ar' ? 'rtl' : 'ltr'))
  const doc = opts.document === undefined ? globalThis.document : opts.document

  // <html lang dir> are the i18n's alone; written only when they change (a write restyles the whole page)
  const apply = () => {
    const html = doc?.documentElement
    if (html && html.lang + html.dir !== locale.value + dir.value) {
      html.lang = locale.value
      html.dir = dir.value
    }
  }
  apply()

  const lookup = (key: string, params: TParams = {}, lang: Locale) => {
    // an entry of plural forms ({one, few, other...}) gives the form of params.count (or n)
    const forms = dict.t(key, {}, lang) as unknown as Strings
    if (typeof forms?.other === 'string') {
      const form = pluralForm(params.count ?? params.n, lang)
      key += `.${forms[form] ? form : 'other'}`
    }
    const shown = { ...params }
    for (const k in shown) if (typeof shown[k] === 'number') shown[k] = formatNumber(shown[k] as number, lang)
    const v = dict.t(key, shown, lang) as unknown
    return typeof v === 'string' && v ? v : null
  }
  /** a key not found: is its namespace still to come (so the text waits), or is the key wrong? */
  const stillComing = (lang: Locale, key: string): boolean => {
    const ns = key.split('.')[0]
    const names = [...pending[lang].keys()].filter((name) => namespaceOf(name) === ns)
    // known in neither language: a late plugin that has not joined yet
    if (!names.length && (dict.table(lang)?.[ns] || dict.table('en')?.[ns])) return false
    missed.add(ns)
    // asked for now: load now, not after the background queue (never inside the caller's render)
    if (names.length) queueMicrotask(() => void load(lang, names).catch(() => undefined))
    return true
  }
  const switchTo = (l: Locale) => {
    locale.value = l
    apply()
    fallbackLater(l)
  }
  // the newest setLocale wins when an older one is still loading
  let wanted: Locale | null = null

  return {
    locale,
    dir,
    revision,
    include(plugins) {
      include(plugins)
      // a language already in use: its new dictionaries follow in the background
      later(locale.peek())
      fallbackLater(locale.peek())
    },
    t(key, params) {
      const lang = locale.value
      void revision.value
      return lookup(key, params, lang) ?? (lang !== 'en' ? lookup(key, params, 'en') : null) ?? (stillComing(lang, key) ? '' : key)
    },
    setLocale(next) {
      const l = toLocale(next)
      if (!l) throw new Error(`unsupported locale "${next}" (expected ${LOCALES.join(' or ')})`)
      store.set(STORE_KEY, l)
      wanted = l
      // everything at hand: switch now, so eager dictionaries keep the old synchronous behaviour
      if (!pending[l].size) return Promise.resolve(switchTo(l))
      return load(l).then(() => {
        if (wanted === l) switchTo(l)
      })
    },
    ready(lang = locale.peek(), namespaces, first) {
      const only = namespaces && ['kernel', ...namespaces, ...(first ? [] : ['kernel-ui', ...namespaces.map((ns) => `${ns}-more`)])]
      return load(lang, only).then(() => {
        if (only && pending[lang].size) later(lang)
        fallbackLater(lang)
      })
    },
  }
}
