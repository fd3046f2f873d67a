// Picks the video adapter for this build's mode. Both adapters, and the Agora SDK, arrive by
// dynamic import() (modules.ts) so none of them enters the first bundle. Both get their join tokens from the
// app server the same way (token.ts), so the app's code is the same in both modes.
import type { ApiClient } from '../api.ts'
import type { AppConfig } from '../config.ts'
import { agoraRtcModules, harnessRtcModule } from './modules.ts'
import { rtcTokenFromApi } from './token.ts'
import type { RtcClient } from './types.ts'

export async function loadRtc(config: AppConfig, api: ApiClient): Promise<RtcClient> {
  const tokens = rtcTokenFromApi(api)
  if (config.mode === 'harness') {
    if (!config.rtcUrl) throw new Error('rtcUrl is missing from the app config (harness mode)')
    const { createHarnessRtc } = await harnessRtcModule()
    return createHarnessRtc({ url: config.rtcUrl, tokens })
  }
  const [{ createAgoraRtc }, sdk] = await agoraRtcModules()
  // warnings and errors only: at its default (DEBUG) the SDK logs dozens of lines a second while it
  // tries unreachable servers, work a phone does for nobody (AgoraRTC.setLogLevel: 2 = WARNING)
  sdk.setLogLevel(2)
  return createAgoraRtc({ appId: config.agoraAppId ?? '', sdk, tokens })
}
