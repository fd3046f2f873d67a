// Where both adapters get their join token: the app server's POST /api/index/getAgoraRtmToken
// (d1 section 7 names the path, not its fields: { channelId, role } in, { token, uid, expireSeconds }
// out, an assumption in docs/assumptions.md "Video (Agora)").
import type { ApiClient } from '../api.ts'
import { RtcError } from './errors.ts'
import type { RtcGrant, RtcTokenSource } from './types.ts'

export const RTC_TOKEN_PATH = '/api/index/getAgoraRtmToken'
/** a token request is part of a join, which must settle within seconds */
const TOKEN_TIMEOUT_MS = 6000

export function rtcTokenFromApi(api: ApiClient): RtcTokenSource {
  return async ({ channel, role, uid: joinedAs }) => {
    let raw: Partial<RtcGrant> | null
    try {
      raw = await api.post<Partial<RtcGrant> | null>(RTC_TOKEN_PATH, { channelId: channel, role, ...(joinedAs && { uid: joinedAs }) }, { silent: true, timeout: TOKEN_TIMEOUT_MS })
    } catch (err) {
      throw new RtcError('CAN_NOT_GET_GATEWAY_SERVER', `no video token: ${(err as Error)?.message ?? err}`)
    }
    const uid = raw?.uid == null ? '' : String(raw.uid)
    if (!raw || typeof raw.token !== 'string' || !raw.token || !/^\d{1,10}$/.test(uid) || Number(uid) >= 2 ** 32)
      throw new RtcError('CAN_NOT_GET_GATEWAY_SERVER', 'the video token answer has no token or no numeric uid')
    return { token: raw.token, uid, expireSeconds: Number(raw.expireSeconds) > 0 ? Number(raw.expireSeconds) : 3600 }
  }
}
