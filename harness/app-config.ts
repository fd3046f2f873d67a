// GET /app-config.js: the runtime config of the app in harness mode. Built per request from the
// Host header, so the app works the same at 127.0.0.1, localhost or a LAN address.
import type { IncomingMessage } from 'node:http'
import type { AppConfig } from '../kernel/config.ts'

export interface HarnessKeys {
  cipherKey: string
  cipherIv: string
  subscriptionKey: string
}

export function appConfigFor(req: IncomingMessage, keys: HarnessKeys, defaultAppId: string): AppConfig {
  const host = req.headers['x-forwarded-host'] ?? req.headers.host ?? '127.0.0.1'
  const secure = req.headers['x-forwarded-proto'] === 'https'
  const origin = `${secure ? 'https' : 'http'}://${host}`
  const ws = `${secure ? 'wss' : 'ws'}://${host}`
  return {
    apiBase: origin,
    wsBase: `${ws}/ws`,
    imUrl: `${ws}/im`,
    rtcUrl: `${ws}/rtc`,
    cipherKey: keys.cipherKey,
    cipherIv: keys.cipherIv,
    subscriptionKey: keys.subscriptionKey,
    mode: 'harness',
    defaultAppId,
    appVersion: '1.0.0-harness',
  }
}

export function appConfigScript(config: AppConfig): string {
  return `window.__APP_CONFIG__ = ${JSON.stringify(config, null, 2)};\n`
}
