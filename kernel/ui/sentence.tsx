// A sentence with names (or any user text) inside: each value from data is isolated in a <bdi>, so
// an Arabic nickname does not flip an English sentence ('entered the room ناصر') nor the reverse,
// and bounded: a value that is not text shows as nothing, never '[object Object]'; stacked
// combining marks (zalgo) are cut so a line never grows over its neighbours; a long name is cut.
import type { ReactNode } from 'react'
import type { I18n } from '../i18n.ts'

const NAME_MAX = 24
/** more than 2 combining marks in a row: keep the first 2 (real scripts need no more) */
const STACKED_MARKS = /(\p{M}{2})\p{M}+/gu

/** a value from data as shown text: strings and finite numbers only, marks unstacked, length bounded */
export function shownText(v: unknown, max = NAME_MAX): string {
  const s = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : ''
  const clean = s.replace(STACKED_MARKS, '$1').trim()
  const chars = [...clean]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean
}

/** a count from data as shown: a whole number from 0 to max (never negative, never 1e+21) */
export const shownCount = (v: unknown, max = 9_999_999): number => Math.max(0, Math.min(max, Math.floor(Number(v)) || 0))

/** a value from data inside a text that cannot hold a <bdi> (a toast, a dialog's message, a title,
 *  a label): shown bounded, isolated by FSI..PDI so it keeps its own direction */
export const isolated = (v: unknown, max = NAME_MAX): string => `\u2068${shownText(v, max)}\u2069`

/** sentence() as one string, for a toast, a confirm's message, a title or a label */
export function sentenceText(t: I18n['t'], key: string, names: Record<string, unknown>, params: Record<string, unknown> = {}): string {
  const marks: Record<string, string> = {}
  for (const k in names) marks[k] = isolated(names[k])
  return t(key, { ...params, ...marks })
}

/** t(key, params) with the `names` params (texts from data) each in a <bdi>; other params as t() does */
export function sentence(t: I18n['t'], key: string, names: Record<string, unknown>, params: Record<string, unknown> = {}): ReactNode[] {
  const marks: Record<string, string> = {}
  for (const k in names) marks[k] = `\u0000${k}\u0000`
  return t(key, { ...params, ...marks })
    .split('\u0000')
    .map((part, i) => (i % 2 ? <bdi key={i}>{shownText(names[part])}</bdi> : part))
}
