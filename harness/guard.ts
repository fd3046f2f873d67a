// The control API and page steer everything (balances, orders, faults): by default they answer
// only requests from this machine (a loopback peer, a loopback Host name against DNS rebinding)
// and from pages of the same origin (a web page elsewhere cannot post to it). A team server
// opens them with HARNESS_OPEN_CONTROL=1, with a warning printed and shown on the page.
import type { IncomingMessage } from 'node:http'

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const a = address.replace(/^::ffff:/, '')
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a)
}

const hostName = (host: string) => host.replace(/:\d+$/, '').toLowerCase()

/** What the app itself loads from the harness on any device (avatars, a provider's pay page, uploads). */
export function isPublicEntry(path: string, publicEntries: Set<string>): boolean {
  if (!path.startsWith('/__harness/')) return false
  const entry = path.slice('/__harness/'.length)
  return entry.startsWith('avatar/') || publicEntries.has(entry)
}

/** A refusal message, or null when the request may go on. Only /__harness paths are guarded. */
export function controlGuard(opts: { open: boolean; publicEntries: Set<string> }) {
  return function refuse(req: IncomingMessage): string | null {
    const path = new URL(req.url ?? '/', 'http://harness').pathname
    if (path !== '/__harness' && !path.startsWith('/__harness/')) return null
    if (isPublicEntry(path, opts.publicEntries)) return null
    const host = req.headers.host ?? ''
    const origin = req.headers.origin
    // 'null' is a sandboxed frame, a file or a cross-origin redirect: a foreign page too
    if (origin) {
      let originHost = ''
      try {
        originHost = new URL(origin).host
      } catch {}
      if (originHost !== host) return `the control API answers pages of its own origin only (${origin} is not ${host})`
    }
    if (opts.open) return null
    if (!isLoopbackAddress(req.socket.remoteAddress) || !LOOPBACK_NAMES.has(hostName(host))) {
      return 'the control API answers this machine only (loopback); start the harness with HARNESS_OPEN_CONTROL=1 for a team server'
    }
    return null
  }
}
