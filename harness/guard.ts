// The control API and page steer everything (balances, orders, faults): by default they answer
// only requests from this machine (a loopback peer, a loopback Host name against DNS rebinding)
// and from pages of the same origin (a web page elsewhere cannot post to it). A team server
// opens them with HARNESS_OPEN_CONTROL=1, with a warning printed and shown on the page; its Host
// must still be an address or a name it was given (HARNESS_HOSTS), never a name a foreign DNS chose.
import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const a = address.replace(/^::ffff:/, '')
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a)
}

/** the Host header's name, lower case, without its port and trailing dot ('localhost.' is localhost) */
function splitHost(host: string): { name: string } {
  const m = /^(\[[^\]]*\]|[^:]*)(?::\d*)?$/.exec(host.trim().toLowerCase())
  return { name: m ? m[1].replace(/\.+$/, '') : '' }
}

/**
 * The path as a router would end up reading it: escapes decoded (twice over: %252F), backslashes
 * and repeated slashes made one slash, each part without trailing dots or spaces, lower case.
 * Express mounts match without case, so `/__HARNESS/db` must meet the guard as `/__harness/db`.
 */
export function canonicalPath(rawPath: string): string {
  let path = rawPath
  for (let i = 0; i < 3; i++) {
    let next = path
    try {
      next = decodeURIComponent(path)
    } catch {
      next = path.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    }
    if (next === path) break
    path = next
  }
  return path
    .replace(/\\/g, '/')
    .split('/')
    .map((part) => part.replace(/[.\s\u0000]+$/, (tail) => (part === '.' || part === '..' ? tail : '')))
    .join('/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase()
}

/** a path naming the control API however it is spelled: anything under /__harness once made canonical */
const isControlPath = (rawPath: string) => /(^|\/)__harness(\/|$)/.test(canonicalPath(rawPath))

/** What the app itself loads from the harness on any device (avatars, a provider's pay page, uploads):
 *  only in the one plain spelling, so an escape or `..` cannot borrow a public entry's openness. */
export function isPublicEntry(path: string, publicEntries: Set<string>): boolean {
  if (!path.startsWith('/__harness/') || /%|\/\/|\\|\/\.\.?(\/|$)/.test(path)) return false
  const entry = path.slice('/__harness/'.length)
  return /^avatar\/[^/]+$/.test(entry) || publicEntries.has(entry)
}

export interface GuardOptions {
  open: boolean
  publicEntries: Set<string>
  /** host names a team server answers to besides loopback and IP addresses (HARNESS_HOSTS) */
  hostNames?: readonly string[]
}

/** A refusal message, or null when the request may go on. Every spelling of a /__harness path is guarded. */
export function controlGuard(opts: GuardOptions) {
  const names = new Set((opts.hostNames ?? []).map((n) => n.trim().toLowerCase()).filter(Boolean))
  return function refuse(req: IncomingMessage): string | null {
    const rawPath = (req.url ?? '/').split('?')[0]
    if (!isControlPath(rawPath)) return null
    if (isPublicEntry(rawPath, opts.publicEntries)) return null
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
    const { name } = splitHost(host)
    if (!opts.open) {
      if (!isLoopbackAddress(req.socket.remoteAddress) || !LOOPBACK_NAMES.has(name)) {
        return 'the control API answers this machine only (loopback); start the harness with HARNESS_OPEN_CONTROL=1 for a team server'
      }
      return null
    }
    // DNS rebinding needs a name: an address, loopback or a name the team server was given is its own
    if (!LOOPBACK_NAMES.has(name) && !isIP(name.replace(/^\[|\]$/g, '')) && !names.has(name)) {
      return `the control API answers its own host names only (${name.slice(0, 100)} is not one; list it in HARNESS_HOSTS)`
    }
    return null
  }
}
