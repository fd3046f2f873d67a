// What happens when code, not data, fails (SHELL-04).
//
// A phone keeps an old index.html while the server already holds a new build: the old page then
// asks for chunks that no longer exist and gets a 404 or the HTML of a fallback page. The only
// cure is a fresh start, so a chunk error drops the service worker and caches and reloads, once.
// Everything the browser does for us sits behind `page`, so tests can watch it.

import { appLocale } from './i18n.ts'

/** The browser calls this module makes; swapped in tests. */
export const page = {
  reload: (): void => window.location.reload(),
  now: (): number => Date.now(),
  log: (event: string, detail?: unknown): void => console.warn(`[app] ${event}`, detail ?? ''),
}

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

const RELOAD_KEY = 'kernel.chunkReloadAt'
/** a second chunk error this soon after our own reload means reloading does not help */
const RELOAD_GUARD_MS = 10_000

function session(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * Clear caches and reload, unless we reloaded for the same reason moments ago (a reload loop):
 * then resolve false and let the caller show an error instead.
 */
export async function recoverFromChunkError(err: unknown): Promise<boolean> {
  const store = session()
  const last = Number(store?.getItem(RELOAD_KEY) ?? 0)
  if (last && page.now() - last < RELOAD_GUARD_MS) {
    page.log('chunk error again right after a reload; not reloading', err)
    return false
  }
  store?.setItem(RELOAD_KEY, String(page.now()))
  await clearAppCaches()
  page.log('reload', { reason: 'chunk-load-error', message: (err as Error)?.message ?? String(err) })
  page.reload()
  return true
}

/** Clear caches, then reload after `delayMs` (the 'Update now' button waits 500 ms, SHELL-03). */
export function reloadSoon(delayMs = 500): void {
  void clearAppCaches()
  page.log('reload', { reason: 'update' })
  setTimeout(() => page.reload(), delayMs)
}

export interface GlobalErrorOptions {
  /** a chunk failed to load; default: clear caches and reload once, else the app-error overlay */
  onChunkError?: (err: unknown) => void
  /** any other uncaught error or rejection; default: log it */
  onError?: (err: unknown) => void
  target?: Window
}

/** Route window 'error' and 'unhandledrejection' to one handler (SHELL-04). Returns the disposer. */
export function installGlobalErrorHandlers(opts: GlobalErrorOptions = {}): () => void {
  const target = opts.target ?? window
  const onChunk =
    opts.onChunkError ??
    ((err: unknown) =>
      void recoverFromChunkError(err).then((reloaded) => {
        if (!reloaded) void reportAppError(err)
      }))
  const onOther = opts.onError ?? ((err: unknown) => page.log('uncaught error', err))
  const handle = (err: unknown) => (isChunkLoadError(err) ? onChunk(err) : onOther(err))

  const onError = (e: Event) => {
    const ev = e as ErrorEvent
    handle(ev.error ?? ev.message)
  }
  const onRejection = (e: Event) => handle((e as PromiseRejectionEvent).reason)
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}

/**
 * The app could not start (createKernel or mount threw): the error overlay (app-error.ts) loads
 * only now, since it is never needed on a good start. When its own chunk cannot load either (a
 * deploy removed it), a bare Retry button still offers the reload.
 */
export function reportAppError(err: unknown): Promise<HTMLElement> {
  return import('./app-error.ts').then(
    (m) => m.showAppError(err),
    () => {
      page.log('app load error', err)
      const retry = document.createElement('button')
      retry.setAttribute('data-testid', 'app-error')
      retry.textContent = appLocale() === 'ar' ? 'إعادة المحاولة' : 'Retry'
      retry.style.cssText = 'position:fixed;inset:0;z-index:2147483000;font:19px system-ui;background:#16111f;color:#f7f2fb'
      retry.onclick = () => page.reload()
      document.body.appendChild(retry)
      return retry
    },
  )
}
