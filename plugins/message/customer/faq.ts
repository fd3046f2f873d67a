// IM-06: the customer-service robot's data, read defensively (d3 §3 FAQ question and chat message).
export interface FaqQuestion {
  id: number
  problemTitle?: string
  problemName: string
  problemReply?: string
  /** 'copy': the answer offers to copy operationContent */
  operation?: string
  operationContent?: string
  /** 'childrenQuestion' with sub-questions to choose from */
  type?: string
  childrenQuestion?: FaqQuestion[]
}

export interface QuickChip {
  dictLabel: string
  /** the question's id */
  dictValue: string
}

export const CustomerPath = {
  /** the customer-service accounts to chat with */
  accounts: '/api/im/getCustomerServiceList',
  /** the auto-reply shown on entry */
  replyInfo: '/api/chat/getCustomerReplyInfo',
  /** the FAQ */
  problems: '/api/chat/common/problem/listV2',
  /** dictionary fetch (d3 §7 'path not shown'): { dictType: 'auto_reply' } -> QuickChip[] */
  dict: '/api/sys/dict/getDictData',
} as const

export const DEFAULT_CS_ACCOUNT = 'customer_service'

const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

/** a question from the server, or null when it has no name */
function parseQuestion(v: unknown, depth = 0): FaqQuestion | null {
  const o = v as Record<string, unknown> | null
  if (!o || typeof o !== 'object' || !str(o.problemName)) return null
  const children = depth < 2 && Array.isArray(o.childrenQuestion) ? o.childrenQuestion.map((c) => parseQuestion(c, depth + 1)).filter((c): c is FaqQuestion => !!c) : []
  return {
    id: typeof o.id === 'number' || typeof o.id === 'string' ? Number(o.id) || 0 : 0,
    problemTitle: str(o.problemTitle),
    problemName: str(o.problemName)!,
    problemReply: str(o.problemReply),
    operation: str(o.operation),
    operationContent: str(o.operationContent),
    ...(children.length && { type: 'childrenQuestion', childrenQuestion: children }),
  }
}

/** the first customer-service account of the accounts answer */
export const firstAccount = (v: unknown): string | undefined => (Array.isArray(v) ? str((v[0] as Record<string, unknown> | null)?.yxAccid) : undefined)
/** the auto-reply's text */
export const replyText = (v: unknown): string | undefined => (v && typeof v === 'object' ? str((v as Record<string, unknown>).text)?.slice(0, 2000) : undefined)

export const parseQuestions = (v: unknown) => (Array.isArray(v) ? v.map((q) => parseQuestion(q)).filter((q): q is FaqQuestion => !!q) : [])
export const parseChips = (v: unknown): QuickChip[] =>
  Array.isArray(v) ? v.filter((c) => c && typeof c.dictLabel === 'string' && (typeof c.dictValue === 'string' || typeof c.dictValue === 'number')).map((c) => ({ dictLabel: c.dictLabel, dictValue: String(c.dictValue) })) : []

/** copy to the clipboard: 'copy success' or 'copy failed' (d3 §8) */
export async function copyText(text: string, clipboard: Pick<Clipboard, 'writeText'> | null = globalThis.navigator?.clipboard ?? null): Promise<boolean> {
  try {
    if (!clipboard) return false
    await clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
