// What tells a chunk error apart and clears what a stale build leaves behind (SHELL-04). Only
// needed once something has failed, so errors.ts loads it then; when it cannot load either (a
// deploy removed its chunk too), errors.ts takes the failure for a chunk error, which it is.
import { page } from './errors.ts'

const CHUNK_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /loading (css )?chunk [\w-]+ failed/i, // webpack-style names, kept for old builds
  /loading chunk/i,
  /chunkloaderror/i,
  /failed to load module script/i,
  /mime type/i, // the server answered HTML instead of a script
  /unexpected token '?<'?/i, // an HTML page parsed as script
  /\b404\b.*\b(chunk|module|script|\.m?js)\b|\b(chunk|module|script|\.m?js)\b.*\b404\b/i,
]

/** Is this the failure of loading code (a dynamic import / chunk) rather than a bug in it? */
export function isChunkLoadError(err: unknown): boolean {
  if (!err) return false
  const e = err as { name?: unknown; message?: unknown }
  if (e.name === 'ChunkLoadError') return true
  const text = typeof err === 'string' ? err : `${String(e.name ?? '')}: ${String(e.message ?? '')}`
  return CHUNK_PATTERNS.some((re) => re.test(text))
}

/** Unregister every service worker and delete every Cache Storage entry; never throws. */
export async function clearAppCaches(): Promise<void> {
  try {
    const sw = (navigator as Navigator & { serviceWorker?: ServiceWorkerContainer }).serviceWorker
    if (sw?.getRegistrations) await Promise.all((await sw.getRegistrations()).map((r) => r.unregister()))
  } catch (err) {
    page.log('service worker cleanup failed', err)
  }
  try {
    const store = (globalThis as { caches?: CacheStorage }).caches
    if (store?.keys) await Promise.all((await store.keys()).map((k) => store.delete(k)))
  } catch (err) {
    page.log('cache cleanup failed', err)
  }
}

/** a token, IM token or signature never reaches the console: their values in a logged text are cut */
export const redact = (text: string): string => text.replace(/((?:token|sign|signature)=)[^&\s'"#]+/gi, '$1…')

/** an error as the text to log (its message may quote a URL with a token); anything else as it is */
export const redacted = (err: unknown): unknown => (err instanceof Error ? redact(String(err.stack ?? err)) : typeof err === 'string' ? redact(err) : err)
