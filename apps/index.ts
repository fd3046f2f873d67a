// Every app id this build knows (SHELL-08). The default app's manifest comes with the first bundle;
// another loads when it is picked (a per-app build, build.mjs --app, lists only its own).
import type { AppManifest } from '../kernel/types.ts'
import defaultApp, { DEFAULT_APP_ID } from './default.ts'

/** app id -> its manifest; each key is its manifest's appId (apps.test checks) */
export const apps: Record<string, () => Promise<AppManifest>> = {
  [DEFAULT_APP_ID]: () => Promise.resolve(defaultApp),
  'callwall-white': () => import('./white.ts').then((m) => m.default),
}

export const defaultAppId = DEFAULT_APP_ID
