// The room's pendants (d2 §3 Pendant/banner) and the activity list (getLiveActivityConfig): the
// harness draws their pictures itself (SVG data addresses, nothing from the internet). How many
// show is a control entry (live/furniture), so a test can ask for none.
import { type HarnessContext, memoryOf } from '../../harness/slice-kit.ts'

interface Furniture {
  pendants: number
  activities: number
}
const furnitureOf = (ctx: HarnessContext) => memoryOf<Furniture>(ctx, 'live.furniture', () => ({ pendants: 2, activities: 2 }))

/** a square picture with a gradient and a short word */
function picture(word: string, hue: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},90%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},80%,45%)"/></linearGradient></defs><rect width="120" height="120" rx="24" fill="url(#g)"/><text x="60" y="66" text-anchor="middle" font-family="system-ui,sans-serif" font-size="26" font-weight="700" fill="#fff">${word}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

const PENDANTS = [
  { word: 'TOP', hue: 40, link: '/personal/userLevel' },
  { word: 'VIP', hue: 280, link: '/vip' },
  { word: 'NEW', hue: 160, link: '/wall' },
]
const ACTIVITIES = [
  { word: 'x2', hue: 330, en: 'Double diamonds', ar: 'ألماس مضاعف', link: '/getcoin' },
  { word: '★', hue: 200, en: 'Weekly star', ar: 'نجمة الأسبوع', link: '/personal/userLevel' },
  { word: '🎁', hue: 20, en: 'Gift festival', ar: 'مهرجان الهدايا', link: '/wall' },
]

export function pendants(ctx: HarnessContext, hostId: number) {
  return PENDANTS.slice(0, furnitureOf(ctx).pendants).map((p, i) => ({ id: hostId * 10 + i, picUrl: picture(p.word, p.hue), directUrl: p.link, clickType: 1 }))
}

export function activities(ctx: HarnessContext, lang: string) {
  return ACTIVITIES.slice(0, furnitureOf(ctx).activities).map((a) => ({ liveIcon: picture(a.word, a.hue), liveLink: a.link, openType: 1, liveName: lang === 'ar' ? a.ar : a.en }))
}

export function setFurniture(ctx: HarnessContext, body: { pendants?: unknown; activities?: unknown }) {
  const f = furnitureOf(ctx)
  const count = (v: unknown, max: number) => Math.max(0, Math.min(max, Math.floor(Number(v))))
  if (body.pendants != null) f.pendants = count(body.pendants, PENDANTS.length)
  if (body.activities != null) f.activities = count(body.activities, ACTIVITIES.length)
  return { ...f }
}
