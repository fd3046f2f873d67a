// Requests the page's first script sent before the app's code arrived (apps/early.ts), handed to
// the API client: it takes an answer when it asks the very same thing (address, headers and
// payload), once, and sends anything else itself. A guess that differs from what the app then
// asks costs a request, never a wrong answer.
export interface EarlyAnswer {
  status: number
  data: unknown
}

declare global {
  interface Window {
    __EARLY__?: Record<string, { at: number; answer: Promise<EarlyAnswer> }>
  }
}

/** an answer older than this is not taken: the app asks afresh */
export const EARLY_TTL_MS = 15_000

const keyOf = (url: string, headers: Record<string, string>, payload: unknown) => JSON.stringify([url, Object.entries(headers).sort(), payload])

/**
 * Send now (`request`) and keep the answer for the API client. `next` runs on the answer before the
 * client gets it, so a request that follows from it (the hosts of the tab the tags open) is kept
 * before the client would ask for it.
 */
export function sendEarly(
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  request: () => Promise<EarlyAnswer>,
  next?: (answer: EarlyAnswer) => unknown,
): Promise<EarlyAnswer> {
  const answer = request().then(async (a) => {
    await Promise.resolve(next?.(a)).catch(() => undefined)
    return a
  })
  // a failure is the API client's to report, when it takes the answer
  answer.catch(() => undefined)
  ;(window.__EARLY__ ??= {})[keyOf(url, headers, payload)] = { at: Date.now(), answer }
  return answer
}

/** the answer to this very request, when the first script sent it lately (taken once) */
export function takeEarly(url: string, headers: Record<string, string>, payload: unknown): Promise<EarlyAnswer> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__EARLY__
  if (!early) return undefined
  const key = keyOf(url, headers, payload)
  const kept = early[key]
  delete early[key]
  return kept && Date.now() - kept.at < EARLY_TTL_MS ? kept.answer : undefined
}
