// Small shared helpers of the calls screens.

/** 75 -> '01:15', 3725 -> '1:02:05' */
export function formatDuration(sec: number): string {
  const s = Math.max(0, Math.floor(Number(sec) || 0))
  const two = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`
}

/** The app's host status number (d1 §4) as the word screens use. */
export { statusWord } from '../../wall/api.ts'

/** Two-letter country code -> flag emoji ('' when not a code). */
export function flagOf(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return ''
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65))
}
