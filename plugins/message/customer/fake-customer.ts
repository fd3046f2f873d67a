// The harness's customer service (IM-06): the service account, the FAQ and quick-question
// dictionary from fixtures/faq.json in en and ar, the auto-reply, and a robot that answers
// messages sent to the service account from the FAQ (by keyword) or with a holding line.
import faq from '../../../fixtures/faq.json'
import { type Endpoint, type EndpointCall, type HarnessContext, type ImService, memoryOf } from '../../../harness/slice-kit.ts'
import { CustomerPath, DEFAULT_CS_ACCOUNT } from './faq.ts'

type Lang = 'en' | 'ar'
/** written in Arabic script (the harness's hosts and robot answer in the language they are written to) */
export const arabic = (text: string) => /[\u0600-\u06ff]/.test(text)
type Q = (typeof faq.questions)[number]
const langOf = (call: EndpointCall): Lang =>
  call.payload?.lang === 'ar' || String(call.headers['accept-language'] ?? '').toLowerCase().startsWith('ar') ? 'ar' : 'en'

function question(q: Q, lang: Lang) {
  const text = q[lang] as { problemTitle?: string; problemName: string; problemReply?: string; operation?: string; operationContent?: string }
  const children = 'children' in q && q.children ? q.children.map((c, i) => ({ id: q.id * 100 + i + 1, ...c[lang] })) : undefined
  return { id: q.id, ...text, ...(children && { type: 'childrenQuestion', childrenQuestion: children }) }
}

export const customerEndpoints: Record<string, Endpoint> = {
  [CustomerPath.accounts]: () => [{ yxAccid: DEFAULT_CS_ACCOUNT, nickname: 'Customer Service' }],
  [CustomerPath.replyInfo]: (_ctx, call) => ({ text: faq.welcome[langOf(call)], isCustomerAutoReplyMsg: true }),
  [CustomerPath.problems]: (_ctx, call) => faq.questions.map((q) => question(q, langOf(call))),
  [CustomerPath.dict]: (_ctx, call) => {
    if (call.payload?.dictType !== 'auto_reply') return []
    const lang = langOf(call)
    return faq.questions.map((q) => ({ dictLabel: q[lang].problemTitle, dictValue: String(q.id) }))
  },
}

/** the robot answers what viewers send to the service account */
export function startCustomerRobot(ctx: HarnessContext, im: ImService, later: (ms: number, fn: () => void) => void) {
  return im.onMessage(({ from, to, message }) => {
    if (to !== DEFAULT_CS_ACCOUNT) return
    // the language each viewer last wrote in: a picture has none, and is answered in it
    const spoken = memoryOf(ctx, 'customer.spoken', () => new Map<string, Lang>())
    const text = String(message.text ?? '')
    const lang: Lang = text.trim() ? (arabic(text) ? 'ar' : 'en') : (spoken.get(from) ?? 'en')
    spoken.set(from, lang)
    const hit = faq.questions.find((q) => q.keywords.some((k) => text.toLowerCase().includes(k)))
    const q = hit ? question(hit, lang) : null
    const reply = q?.problemReply ?? (message.messageType === 1 ? (lang === 'ar' ? 'وصلتنا صورتك، شكراً. سنراجعها ونرد هنا.' : 'We got your picture, thanks. We will check it and answer here.') : faq.fallback[lang])
    const ms = Number(ctx.settings().imReplyMs ?? 1500)
    if (ms > 0) later(ms, () => im.send(DEFAULT_CS_ACCOUNT, from, { text: reply }))
  })
}
