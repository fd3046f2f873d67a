// LIVE-06: the chat's lines as DOM, written straight from the window's signal. A busy room takes
// in a batch of lines several times a second; building them without a React render and commit
// saves that script in each batch's frame (docs/speed-log.md). Text from other users is only ever
// set as text.
import { isolated } from '../../kernel/ui/sentence.tsx'
import { safeImageUrl } from '../../kernel/url.ts'
import type { ChatLine } from './chat.ts'
import { levelTier } from './rules.ts'

type Translate = (key: string, params?: Record<string, unknown>) => string

const recordKey: Record<string, string> = {
  wheelRes: 'live.record.wheelRes',
  sendGiftTip: 'live.record.sendGiftTip',
  followTip: 'live.record.followTip',
  luckyGift: 'live.record.luckyGift',
  intimacyAdd: 'live.record.intimacyAdd',
  intimacyUpgrade: 'live.record.intimacyUpgrade',
  intimacyUpcomingUpgrade: 'live.record.intimacyUpcomingUpgrade',
  enterRoom: 'live.record.enterRoom',
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

function badges(l: ChatLine, t: Translate): HTMLElement[] {
  const out: HTMLElement[] = []
  if (l.isHost) out.push(el('span', 'lv-badge lv-badge--host', t('live.host')))
  if (!l.isHost && l.userLevel > 0) out.push(el('span', `lv-badge lv-lvl lv-lvl--${levelTier(l.userLevel)}`, t('live.level', { n: l.userLevel })))
  if (l.isVip) out.push(el('span', 'lv-badge lv-badge--vip', t('live.vip')))
  if (l.isNewUser) out.push(el('span', 'lv-badge lv-badge--new', t('live.new')))
  return out
}

/** one line's element: a record (d2 §3) or a text line, with its translation once it arrives */
function lineElement(l: ChatLine, t: Translate): HTMLElement {
  const p = el('p', '')
  p.dataset.testid = 'live-line'
  p.dataset.type = l.type
  p.append(...badges(l, t))
  if (l.type !== 'text') {
    p.className = `lv-line lv-line--record lv-line--${l.type}`
    // the viewer's name keeps its own direction inside the sentence
    const said = t(recordKey[l.type], { name: isolated(l.fromNick), text: l.text, n: l.totalReward ?? l.giftNum ?? '' })
    p.append(el('bdi', '', said))
    const img = safeImageUrl(l.giftImg)
    if (img) {
      const i = el('img', 'lv-line__gift')
      i.src = img
      i.alt = ''
      i.loading = 'lazy'
      p.append(i)
    }
    if (l.giftNum) p.append(el('span', 'lv-line__num', `×${l.giftNum}`))
    return p
  }
  p.className = `lv-line${l.isHost ? ' lv-line--host' : ''}${l.isSelf ? ' lv-line--self' : ''}`
  // the colon outside the name's isolate, so it follows the page's direction, not the name's
  const nick = el('span', 'lv-line__nick')
  nick.append(el('bdi', '', l.fromNick), ':')
  p.append(nick, ' ', el('bdi', 'lv-line__text', l.text))
  if (l.translated) {
    const tr = el('span', 'lv-line__translated')
    tr.dataset.testid = 'live-translation'
    tr.append(el('bdi', '', l.translated))
    p.append(tr)
  }
  return p
}

/** Keeps `box` showing `lines`, in order, touching only what changed: a batch appends its new
 *  lines, the window's oldest go, a line given its translation is drawn again. The box is the
 *  writer's alone: it starts empty (a new language draws every line again). */
export function createLineWriter(box: HTMLElement, t: Translate): (lines: readonly ChatLine[]) => void {
  box.replaceChildren()
  let shown = new Map<string, { line: ChatLine; node: HTMLElement }>()
  return (lines) => {
    const next = new Map(lines.map((line) => {
      const had = shown.get(line.messageClientId)
      return [line.messageClientId, { line, node: had?.line === line ? had.node : lineElement(line, t) }]
    }))
    for (const [id, { node }] of shown) if (next.get(id)?.node !== node) node.remove()
    // what is left on the page is in the window's order; the new lines go in between
    let at = box.firstChild
    for (const { node } of next.values()) {
      if (node === at) at = at.nextSibling
      else box.insertBefore(node, at)
    }
    shown = next
  }
}

/** lines in each of the chat's typefaces (every weight, size and style it uses; Latin, Arabic, emoji) */
const SAMPLE_TEXT = 'Aa عربي 😀'
const sampleLines = (): ChatLine[] => {
  const base = { from: '', fromNick: SAMPLE_TEXT, text: SAMPLE_TEXT, userLevel: 30, isVip: true, isNewUser: true, isHost: false, isSelf: false }
  return [
    { ...base, messageClientId: 'sample-text', type: 'text', translated: SAMPLE_TEXT },
    { ...base, messageClientId: 'sample-host', type: 'text', isHost: true },
    { ...base, messageClientId: 'sample-record', type: 'sendGiftTip', giftNum: 1 },
  ]
}

/** Draws hidden sample lines into `box` (CSS keeps it out of sight and of the page's flow). The first
 *  use of a typeface costs a phone a font lookup inside that frame's layout: 30-60 ms at 4x CPU when
 *  the first batch of a busy room brings Arabic, emoji and the names' and badges' weights at once.
 *  Drawn with the room, that cost falls while the room loads rather than in the first batch's frame. */
export function writeFontSamples(box: HTMLElement, t: Translate): void {
  box.replaceChildren(...sampleLines().map((l) => {
    const node = lineElement(l, t)
    // not a line of the chat, nor its translation
    for (const el of [node, ...node.querySelectorAll<HTMLElement>('[data-testid]')]) delete el.dataset.testid
    return node
  }))
}
