// Every app id this build knows, and how one is picked (SHELL-08).
import type { AppManifest } from '../kernel/types.ts'
import defaultApp, { DEFAULT_APP_ID } from './default.ts'
import whiteApp, { WHITE_APP_ID } from './white.ts'

export const apps: Record<string, AppManifest> = {
  [DEFAULT_APP_ID]: defaultApp,
  [WHITE_APP_ID]: whiteApp,
}

export const defaultAppId = DEFAULT_APP_ID
export { DEFAULT_APP_ID, WHITE_APP_ID }

/** The manifest of an app id; an unknown or missing id gets the default app. */
export function pickApp(appId: string | null | undefined): AppManifest {
  return (appId && apps[appId]) || apps[defaultAppId]
}
