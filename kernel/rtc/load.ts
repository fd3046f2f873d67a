// Picks the video adapter for this build's mode. Both adapters, and the Agora SDK, arrive by
// dynamic import() so none of them enters the first bundle.
import type { AppConfig } from '../config.ts'
import type { RtcClient } from './types.ts'

export async function loadRtc(config: AppConfig): Promise<RtcClient> {
  if (config.mode === 'harness') {
    if (!config.rtcUrl) throw new Error('rtcUrl is missing from the app config (harness mode)')
    const { createHarnessRtc } = await import('./harness.ts')
    return createHarnessRtc({ url: config.rtcUrl })
  }
  const [{ createAgoraRtc, agoraFromModule }, mod] = await Promise.all([import('./agora.ts'), import('agora-rtc-sdk-ng/esm')])
  return createAgoraRtc({ appId: config.agoraAppId ?? '', sdk: agoraFromModule(mod) })
}
