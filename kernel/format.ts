// Numbers, money, percentages, plurals, relative times and dates, one way everywhere: through
// Intl for the app's locale (the locale tag, digits, numbers and plural forms: kernel/i18n.ts). Components reach these
// through useFormat(); t() formats numeric params itself. Loaded with the pages that use it.
import { useKernel, useSignalValue } from './hooks.ts'
import { formatNumber, intlTag, pluralForm, type Locale as FormatLocale } from './i18n.ts'

export { formatNumber, pluralForm, type FormatLocale }

const made = new Map<string, unknown>()
/** one Intl object per locale and options */
const cached = <T>(key: string, make: () => T): T => (made.get(key) as T | undefined) ?? (made.set(key, make()), made.get(key) as T)
const numberFormat = (locale: FormatLocale, o: Intl.NumberFormatOptions = {}) => cached(`n${locale}${JSON.stringify(o)}`, () => new Intl.NumberFormat(intlTag(locale), o))

/** a signed amount: +590, -120 (0 has no sign) */
export function formatSigned(n: number, locale: FormatLocale): string {
  return numberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(Number(n) || 0)
}

/** a price in dollars with 2 decimals: $9.99, added in cents so 0.1 + 0.2 shows $0.30 */
export function formatMoney(amounts: number | number[], locale: FormatLocale): string {
  const cents = ([] as number[]).concat(amounts).reduce((sum, a) => sum + Math.round((Number(a) || 0) * 100), 0)
  return `$${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)}`
}

/** a whole percentage: 30 -> '30%'; signed: '+30%', '-30%' */
export function formatPercent(n: number, locale: FormatLocale, signed = false): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0, signDisplay: signed ? 'exceptZero' : 'auto' }).format((Number(n) || 0) / 100)
}

/** a count shown short, rounded down: 999 -> '999', 1999 -> '1.9K' ('1.9 ألف') */
export function formatCompact(n: number, locale: FormatLocale): string {
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'floor' } as Intl.NumberFormatOptions).format(Math.max(0, Number(n) || 0))
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
]

/** how long ago (or until) `at` is from `now`: '4 minutes ago', 'قبل 4 دقائق', 'now' */
export function formatRelative(at: number, now: number, locale: FormatLocale): string {
  const diff = at - now
  const rtf = cached(`r:${locale}`, () => new Intl.RelativeTimeFormat(intlTag(locale), { numeric: 'auto' }))
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms || unit === 'second') return rtf.format(Math.trunc(diff / ms), unit)
  return rtf.format(0, 'second')
}

const DATE_STYLES = {
  /** 24 Nov 2026, 17:05:09 */
  full: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  /** 24 Nov, 17:05 */
  short: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 24 Nov 2026 */
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  /** 17:05 */
  time: { hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

/** a date and time in the locale (an invalid time shows as an empty string) */
export function formatDate(at: number | string | Date, locale: FormatLocale, style: keyof typeof DATE_STYLES = 'full'): string {
  const d = at instanceof Date ? at : new Date(at)
  if (Number.isNaN(d.getTime())) return ''
  return cached(`d:${locale}:${style}`, () => new Intl.DateTimeFormat(intlTag(locale), DATE_STYLES[style])).format(d)
}

/** the receipt's time stamp (d3 §4): YYYY-MM-DD HH:mm:ss in local time, from Intl's parts */
export function formatStamp(at: number | string | Date, locale: FormatLocale): string {
  const d = at instanceof Date ? at : new Date(at)
  if (Number.isNaN(d.getTime())) return ''
  const dtf = cached(`s:${locale}`, () => new Intl.DateTimeFormat(intlTag(locale), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }))
  const part: Record<string, string> = {}
  for (const p of dtf.formatToParts(d)) part[p.type] = p.value
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`
}

/** everything above, bound to one locale (what useFormat() gives a component) */
export function formatterFor(locale: FormatLocale) {
  return {
    locale,
    number: (n: number) => formatNumber(n, locale),
    signed: (n: number) => formatSigned(n, locale),
    money: (...amounts: number[]) => formatMoney(amounts, locale),
    percent: (n: number, signed = false) => formatPercent(n, locale, signed),
    compact: (n: number) => formatCompact(n, locale),
    relative: (at: number, now = Date.now()) => formatRelative(at, now, locale),
    date: (at: number | string | Date, style: keyof typeof DATE_STYLES = 'full') => formatDate(at, locale, style),
    stamp: (at: number | string | Date) => formatStamp(at, locale),
  }
}
export type Formatter = ReturnType<typeof formatterFor>

/** Numbers, money, percentages, relative times and dates for the current locale. */
export function useFormat(): Formatter {
  const { i18n } = useKernel()
  return formatterFor(useSignalValue(i18n.locale))
}
