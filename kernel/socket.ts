// The part of the WebSocket API the kernel's clients use (realtime, harness IM and RTC), so tests
// can pass a small fake, and the one way they close a socket they are done with.
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((ev: any) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  onclose: ((ev: any) => void) | null
  onerror: ((ev: any) => void) | null
}
export type SocketClass = new (url: string) => SocketLike

/** Close without hearing from it again: no handler of ours runs for this socket afterwards. */
export function closeQuietly(s: SocketLike | null): void {
  if (!s) return
  s.onopen = s.onmessage = s.onclose = null
  // a late error must find a listener (Node's ws throws on an unheard 'error')
  s.onerror = () => {}
  try {
    s.close(1000, 'bye')
  } catch {
    // already closed
  }
}
