// IM-06: scroll a list to its end, trying again 5 times 200 ms apart (images and late layout
// move the end after the first try).
export const SCROLL_TRIES = 5
export const SCROLL_RETRY_MS = 200

export function scrollToBottom(el: HTMLElement | null, o: { setTimeout?: (fn: () => void, ms: number) => unknown } = {}): () => void {
  const wait = o.setTimeout ?? ((fn, ms) => setTimeout(fn, ms))
  let stopped = false
  const go = (left: number) => {
    if (stopped || !el) return
    el.scrollTop = el.scrollHeight
    if (left > 1) wait(() => go(left - 1), SCROLL_RETRY_MS)
  }
  go(SCROLL_TRIES)
  return () => void (stopped = true)
}
