// The video adapter's code for a build's mode, by dynamic import() (never in the first bundle): the
// harness's adapter, or Agora's with its SDK. loadRtc (load.ts) waits on these; a touch-down on a
// live card starts them at once, beside load.ts, so the tap does not wait on two downloads in a row.
import type { AppConfig } from '../config.ts'

export const harnessRtcModule = () => import('./harness.ts')
export const agoraRtcModules = () => Promise.all([import('./agora.ts'), import('agora-rtc-sdk-ng/esm')])

/** start downloading the adapter `config` will use (a failure is left to the load that needs it) */
export function preloadRtc(config: Pick<AppConfig, 'mode'>): void {
  const modules: Promise<unknown> = config.mode === 'harness' ? harnessRtcModule() : agoraRtcModules()
  modules.catch(() => undefined)
}
