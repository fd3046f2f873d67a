// Runtime configuration. Never baked into code: index.html loads /app-config.js, which sets
// window.__APP_CONFIG__ (the harness serves it; a production deploy writes its own), so one
// production bundle can be pointed at the harness or at the real servers.
export interface AppConfig {
  /** API base URL, e.g. https://api.example.com or http://127.0.0.1:5173 */
  apiBase: string
  /** realtime WebSocket URL */
  wsBase: string
  /** AES key and IV, 16 characters each */
  cipherKey: string
  cipherIv: string
  /** subscription key sent with every request */
  subscriptionKey: string
  /** 'harness' uses the harness RTC/IM adapters over loopback; 'production' the real SDKs */
  mode: 'harness' | 'production'
  /** harness IM and RTC endpoints (harness mode only) */
  imUrl?: string
  rtcUrl?: string
  /** real SDK keys (production only) */
  agoraAppId?: string
  nimAppKey?: string
  /** wire switches for what the spec leaves open (docs/assumptions.md), each binary:
   *  `data` of requests and answers encrypted whole (default) or field by field (answers are read either way) */
  wireData?: 'whole' | 'fields'
  /** the realtime socket's token: encrypted with the API cipher (default) or the login token as it is */
  wsToken?: 'encrypted' | 'plain'
  /** app id when the native shell does not tell one */
  defaultAppId?: string
  appVersion?: string
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>
  }
}

const required = ['apiBase', 'wsBase', 'cipherKey', 'cipherIv', 'subscriptionKey'] as const

/** Validate a raw config object; throws naming every missing key. */
export function readConfig(raw: Partial<AppConfig> | undefined): AppConfig {
  const missing = required.filter((k) => !raw?.[k])
  if (missing.length) throw new Error(`app config is missing ${missing.join(', ')}`)
  return { mode: 'production', ...raw } as AppConfig
}
