// INTERFACE ONLY for now: one-to-one video, implemented by the harness adapter and the Agora adapter.
export type RtcConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'disconnecting'

/** 'host' publishes (a one-to-one call), 'audience' only watches (a live room) */
export type RtcRole = 'host' | 'audience'

export interface RtcEvents {
  'connection-state': { state: RtcConnectionState; reason?: string }
  /** 0 unknown .. 6 down, as Agora reports uplink/downlink quality */
  'network-quality': { uplink: number; downlink: number }
  'user-joined': { uid: string }
  'user-left': { uid: string; reason?: string }
  'user-published': { uid: string; mediaType: 'video' | 'audio' }
  'user-unpublished': { uid: string; mediaType: 'video' | 'audio' }
  /** the remote user's first video frame was drawn (Agora: the remote video track's 'first-frame-decoded');
   *  a paid call may begin billing only after this */
  'first-frame': { uid: string }
  /** what the local devices gave after publish(): a call goes on with what works and tells the user the rest */
  'local-media': { camera: LocalDeviceState; mic: LocalDeviceState }
  /** the browser refused to play the remote sound before a user gesture (Agora: onAutoplayFailed);
   *  the SDK resumes on the next tap anywhere, so a "tap to hear" hint is all the UI needs */
  'autoplay-blocked': Record<string, never>
}

/** What the server gave for one join: the token and the uid it is good for (the server decides who
 *  joins as whom: a member as their numeric user id, a guest as a guest uid). */
export interface RtcGrant {
  token: string
  uid: string
  /** seconds the token is good for */
  expireSeconds: number
}
/** Asks the server for a grant; both adapters call it on join, on renewal and after a reconnect.
 *  `uid` is the one joined with: a guest keeps its guest uid on renewal (the server checks a member's). */
export type RtcTokenSource = (req: { channel: string; role: RtcRole; uid?: string }) => Promise<RtcGrant>

/** 'ok' publishing; 'denied' the user or the webview refused; 'missing' no such device; 'failed' it would not start */
export type LocalDeviceState = 'ok' | 'denied' | 'missing' | 'failed'

export interface RtcClient {
  /** role 'audience' (a live room) joins a live channel to watch only: nothing is published.
   *  The token and the uid come from the server (RtcTokenSource); `uid` is the caller's guess and
   *  `token` a test's override. Settles within seconds: NETWORK_ERROR when the service is unreachable.
   *  A live room's failures arrive as RtcError codes UID_CONFLICT and ALREADY_CONNECTED. */
  join(opts: { channel: string; uid: string; token?: string | null; role?: RtcRole }): Promise<void>
  /** publish the local camera/mic when present; resolves false when no device */
  publish(): Promise<boolean>
  /** attach the remote user's video to an element */
  subscribe(uid: string, el: HTMLElement): Promise<void>
  /** show the local preview in an element, when a camera exists */
  playLocal(el: HTMLElement): void
  leave(): Promise<void>
  on<K extends keyof RtcEvents>(ev: K, fn: (e: RtcEvents[K]) => void): () => void
}
