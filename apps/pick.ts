// Which app this webview is (SHELL-08), and its manifest.
import { safeStorage } from '../kernel/storage.ts'
import type { NativeBridge } from '../kernel/bridge.ts'
import type { AppManifest } from '../kernel/types.ts'

const APP_ID_KEY = 'appId'

/**
 * The app id: the first known one of what the native shell reports, ?appid= in the URL, the stored
 * one, then `fallbacks` (the config's, the build's default). Stored, so the session reads the same.
 */
export function pickAppId(known: string[], fallbacks: Array<string | undefined>, bridge: NativeBridge, storage: Storage, search = location.search): string {
  const store = safeStorage(storage)
  let native: string | null = null
  try {
    native = bridge.appId()
  } catch {
    /* an old native shell without the call */
  }
  const candidates = [native, new URLSearchParams(search).get('appid'), store.get(APP_ID_KEY), ...fallbacks]
  const id = candidates.find((c): c is string => !!c && known.includes(c)) ?? known[0]
  if (!id) throw new Error('this build lists no app')
  store.set(APP_ID_KEY, id)
  return id
}

export async function loadManifest(apps: Record<string, AppManifest | (() => Promise<AppManifest | { default: AppManifest }>)>, id: string): Promise<AppManifest> {
  const entry = apps[id]
  const loaded = typeof entry === 'function' ? await entry() : entry
  return 'default' in loaded ? loaded.default : loaded
}
