// The harness RTC protocol: JSON text frames over one WebSocket (config.rtcUrl), shared by
// the harness adapter (kernel/rtc/harness.ts) and the harness service (harness/rtc.ts). No
// media crosses it: the harness only signals who is in the channel and publishing, and the
// adapter draws the remote user as a generated video.
//
// client -> server:
//   { op: 'join', channel, uid, token, role? }     answered by 'joined' (or 'error'); the token is the one
//                                           POST /api/index/getAgoraRtmToken issued for this uid, channel
//                                           and role; role 'audience' watches a live channel and never publishes
//   { op: 'renew', token }                  a fresh token before the one joined with runs out
//   { op: 'publish', media: ['video','audio'] }
//   { op: 'leave' }
// server -> client:
//   { event: 'joined', channel, users: RtcPeer[] }   who is already there
//   { event: 'user-joined', user: RtcPeer }
//   { event: 'user-left', uid, reason? }
//   { event: 'user-published', uid, mediaType }
//   { event: 'user-unpublished', uid, mediaType }
//   { event: 'network-quality', uplink, downlink }   0 unknown, 1 excellent .. 6 down
//   { event: 'token-privilege-will-expire' }        30 s before the token runs out: renew
//   { event: 'token-privilege-did-expire' }         it ran out: the member is out of the channel
//   { event: 'error', code, msg }                   Agora's codes: CAN_NOT_GET_GATEWAY_SERVER (token), UID_CONFLICT, ...
export type MediaType = 'video' | 'audio'

export interface RtcPeer {
  uid: string
  /** display name for the generated video */
  name: string
  /** the user's picture (their avatar URL), which the generated video shows moving */
  picture?: string
  media: MediaType[]
}

export type RtcRequest =
  | { op: 'join'; channel: string; uid: string; token?: string | null; role?: 'host' | 'audience' }
  | { op: 'renew'; token: string }
  | { op: 'publish'; media: MediaType[] }
  | { op: 'leave' }

export type RtcServerEvent =
  | { event: 'joined'; channel: string; users: RtcPeer[] }
  | { event: 'user-joined'; user: RtcPeer }
  | { event: 'user-left'; uid: string; reason?: string }
  | { event: 'user-published'; uid: string; mediaType: MediaType }
  | { event: 'user-unpublished'; uid: string; mediaType: MediaType }
  | { event: 'network-quality'; uplink: number; downlink: number }
  | { event: 'token-privilege-will-expire' }
  | { event: 'token-privilege-did-expire' }
  | { event: 'error'; code: number | string; msg: string }
