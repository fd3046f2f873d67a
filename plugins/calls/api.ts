// The calls plugin's public face: the call constants of d1 §4, the wire shapes of the call
// endpoints and pushes, and the 'calls' service other plugins (wall, detail, live, inbox) use
// to start a call. Import this file only, never the plugin's internals.
import type { ReadonlySignal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'
import { bool, id, int, num, obj, oneOf, or, str, list, type Guard } from '../../kernel/guard.ts'

/** d1 §4 Call status. */
export const CallStatus = { INIT: 0, CALLING: 1, CANCEL: 2, CALLING_ING: 3, HANG_UP: 4, TIMEOUT: 5 } as const
export type CallStatusValue = (typeof CallStatus)[keyof typeof CallStatus]

/** d1 §4 Call game types (what the server bills) and front types (how the app shows it). */
export const CallGameType = { DIRECT: 1, MATCH: 2, MATCH_POOL: 3, LIVE: 4 } as const

/** d2 §9 a private call from a live room: entry giftPrice diamonds (the harness's price, the spec
 *  gives none), then the first 5 minutes free, then unitPrice (the host's price) a minute */
export const LiveCall = { entry: 99, freeSec: 300 } as const
export const FrontType = { DIRECT: 1, MATCH: 2, LIVE: 3, BOT: 4 } as const

/** d1 §4 Call-notification types, pushed as 'call.notify' { channelId, type, reason? }. */
export const NotifyType = { ONLINE: 0, REJECT: 1, CANCEL: 2, HANG_UP: 3, CONNECTED: 4 } as const

/** d1 §4 Hangup reasons (callOver overReason). */
/** lost (11, not in the spec): the server ended a call whose app stopped answering, or the app found it
 *  unfinished at its next start (a reload or closed tab mid-call) */
export const HangupReason = { user: 1, anchor: 2, balance: 3, weakNetwork: 6, deduction: 8, kicked: 9, beginCall: 10, lost: 11 } as const

/** d1 §4 Missed reasons (missCall missedReason). */
export const MissedReason = { rejectOrBusy: 1, timeout: 2, earlyCancel: 3, lateCancel: 6 } as const

/** d1 §3 Call record categories. */
export const CallCategory = { connected: 1, rejected: 2, timeout: 3, cancelled: 4 } as const

/** callOver callScene */
export const CallScene = { match: 'MATCH', all: 'ALL' } as const

/** d1 §7 call paths. */
export const CallPath = {
  create: '/api/call/record/v2/createCall',
  join: '/api/call/record/v2/joinCall',
  begin: '/api/call/record/v2/beginCallV2',
  over: '/api/call/record/v2/callOver',
  miss: '/api/call/record/v2/missCall',
  deduct: '/api/call/record/v2/callDeductionFee',
  limit: '/api/user/hasExceededCallLimit',
  records: '/api/chat/v4/getCallRecord',
  recordsByHost: '/api/chat/getCallRecordByAnchorid',
  recordsByAccids: '/api/chat/getCallRecordByAnchorYxids',
  pushCall: '/api/chat/getPushCall',
  updatePushCall: '/api/chat/updatePushCall',
  evaluation: '/api/chat/V2/callEvaluation',
  feedbackTypes: '/api/chat/getFeedbackType',
  labels: '/api/chat/getCallLabel',
  rate: '/api/chat/callRate',
  detail: '/api/index/getUserDetail',
  /** d3 §7 recommended hosts (searchValue: the host just called, left out) */
  recommend: '/api/anchor/recommendAnchor',
  /** d3 §7 match history */
  matchRecords: '/api/match/pool/matchRecord',
  /** IM-05 robot lookup (d2 §7 'path not shown'; d1 §7 lists getGuideAnchor): { callIndex, callType } -> RobotHost */
  robotLookup: '/api/user/getGuideAnchor',
} as const

/**
 * IM-05: a robot host's call invitation arrives as a custom IM message (messageType 100) whose
 * attachment.raw is the JSON of this object. callIndex and callType are handed back to the
 * robot lookup, which names the host.
 */
export interface RobotInvite {
  type: typeof ROBOT_INVITE
  callIndex: number
  callType: number
}
export const ROBOT_INVITE = 'robot.call.invite'

/**
 * The robot lookup's answer. userType 3: a robot, free call on channelId (join it like an
 * accepted incoming call); 4: abort; anything else: a direct call to userId. No userId ends it.
 */
export interface RobotHost {
  userId?: number
  userType?: number
  yxAccid?: string
  nickname?: string
  icon?: string
  videoPrice?: number
  channelId?: string
}

/**
 * Messages of refused call requests (answered with code '5000', Code.refused). The real
 * server's texts are not shown in the spec; these are the harness's, and the app maps the
 * host ones to the d1 §8 call toasts.
 */
export const CallRefusal = {
  /** the host is in another call, live, or answered busy */
  hostBusy: 'anchor.busy',
  /** the host is offline */
  hostOffline: 'anchor.offline',
  /** ENG-11: the caller blocked this host (not shown in the spec: the harness's word) */
  blocked: 'user.blocked',
  /** the id is not a host */
  notHost: 'anchor.not.found',
  /** no such call, or not this user's */
  noCall: 'call.not.found',
  /** the call already ended */
  callOver: 'call.over',
  /** begin-call before the host answered */
  notConnected: 'call.not.connected',
  /** begin-call before both sides are in the video channel (billing starts with video) */
  noVideo: 'call.video.not.connected',
  /** simulated failures */
  beginFailed: 'begin.call.failed',
  deductionFailed: 'deduction.failed',
  /** a call was already rated */
  evaluated: 'evaluation.exists',
  badInput: 'bad.request',
} as const

/** 'call.notify' push. reason tells a busy answer from a plain reject (type 1). */
export interface CallNotify {
  channelId: string
  type: number
  reason?: 'reject' | 'busy' | 'offline' | 'timeout'
}

/** guard of 'call.notify' (kernel/guard.ts): a channel and a type, or dropped */
export const callNotify: Guard<CallNotify> = obj({
  channelId: id(),
  type: int,
  reason: or(oneOf('reject', 'busy', 'offline', 'timeout'), undefined),
})

/** 'call.incoming' push: a host calls the user (d1 §4 Incoming call). */
export interface IncomingCall {
  channelId: string
  /** the host calling */
  callUserId: number
  /** the user called */
  beCallUserId: number
  yxAccid: string
  nickname: string
  icon: string
  age: number | null
  countryCode: string | null
  levelName: string | null
  userType: number
  /** diamonds per billing period, after discounts */
  videoPrice: number
  /** seconds the popup rings before the call counts as missed */
  waitTime: number
  /** a robot (free) call starts directly */
  free?: boolean
}

/** guard of 'call.incoming': the channel and caller must be right; what the popup only shows falls
 *  back to a blank (a number for a nickname used to crash the popup and block the next call) */
export const incomingCall: Guard<IncomingCall> = obj({
  channelId: id(),
  callUserId: int,
  beCallUserId: or(int, 0),
  yxAccid: or(str(100), ''),
  nickname: or(str(60), ''),
  icon: or(str(2000), ''),
  age: or(int, null),
  countryCode: or(str(8), null),
  levelName: or(str(40), null),
  userType: or(int, 0),
  videoPrice: or(num, 0),
  waitTime: or(num, 20),
  free: or(bool, false),
})

/** createCall / joinCall answer (d1 §3). */
export interface CallCreated {
  channelId: string
  yxAccid: string
  videoPrice: number
  countryCode: string | null
  nickname: string
  age: number | null
  icon: string
  userType: number
  followed: boolean
  levelName: string | null
  /** host user id (added: the client needs it for records and the post-call sheet) */
  callUserId: number
  callType: number
}

/** beginCallV2 / callDeductionFee answer (d1 §3). nextPoint is in call-duration seconds. */
export interface BillingReply {
  diamond: number
  nextDeduction: number
  nextPoint: number
}

export interface CallLimit {
  interactionCount: number
  isFollow: boolean
  isLimitMet: number
  yxAccId: string
}

/** One row of the call records (CALL-15). */
export interface CallRecord {
  channelId: string
  userId: number
  yxAccid: string
  nickname: string
  icon: string
  age: number | null
  countryCode: string | null
  levelName: string | null
  category: number
  callInOrOut: 'in' | 'out'
  callType: number
  /** seconds */
  callDuration: number
  createTime: string
}

/** guard of one call record row: a row without its channel id is left out, bad fields get defaults */
const callRecord: Guard<CallRecord> = obj({
  channelId: id(200),
  userId: or(int, 0),
  yxAccid: or(str(100), ''),
  nickname: or(str(100), ''),
  icon: or(str(2000), ''),
  age: or(int, null),
  countryCode: or(str(10), null),
  levelName: or(str(20), null),
  category: or(int, 0),
  callInOrOut: or(oneOf<CallRecord['callInOrOut']>('in', 'out'), 'out' as const),
  callType: or(int, 0),
  callDuration: or(num, 0),
  createTime: or(str(40), ''),
})
/** guard of a page of call records ({list}) */
export const callRecordPage: Guard<{ list: CallRecord[] }> = obj({ list: list(callRecord, 100) })

/** d3 §3 Recommended host (post-call sheet). status is the app's host status (-1 live, 1 online, 2 busy, 3 offline). */
export interface RecommendedHost {
  userId: number
  yxAccid: string
  icon: string
  nickname: string
  age: number | null
  countryId: number | null
  anchorLevelName: string | null
  groupStatus: 'online' | 'busy' | 'offline'
  videoPrice: number
  liveUrl: string | null
  status: number
  agoraLiveSimpleVO: { agoraChannelId: string; joinNum: number; liveDescribe: string } | null
}

/** guard of the recommended hosts answer (the post-call sheet, the auto call): whole rows only */
export const recommendedHosts: Guard<RecommendedHost[]> = list(
  obj({
    userId: int,
    yxAccid: or(str(100), ''),
    icon: or(str(2000), ''),
    nickname: or(str(100), ''),
    age: or(int, null),
    countryId: or(int, null),
    anchorLevelName: or(str(20), null),
    groupStatus: or(oneOf<RecommendedHost['groupStatus']>('online', 'busy', 'offline'), 'offline' as const),
    videoPrice: or(num, 0),
    liveUrl: or(str(2000), null),
    status: or(num, 3),
    agoraLiveSimpleVO: or(obj({ agoraChannelId: str(200), joinNum: or(num, 0), liveDescribe: or(str(300), '') }), null),
  }),
  50,
)

/** getUserDetail answer (ENG-11 host profile). onlineStatus is the app's host status. */
export interface HostDetail {
  userId: number
  yxAccid: string
  nickname: string
  icon: string
  userType: number
  age: number | null
  countryId: number | null
  countryCode: string | null
  levelName: string | null
  videoPrice: number
  vipVideoPrice: number
  discountOffDiamond: number
  onlineStatus: number
  liveDescribe: string | null
  followed: boolean
  fansNum: number
  followNum: number
  photos: string[]
  /** ENG-11, d2 live info's fields: 1 when either side blocked the other; whoBlock 1 or 3: the viewer did */
  isBlockUser: number
  whoBlock: number
}

/** guard of the getUserDetail answer: the id must be right, the rest falls back to blanks */
export const hostDetail: Guard<HostDetail> = obj({
  userId: int,
  yxAccid: or(str(100), ''),
  nickname: or(str(60), ''),
  icon: or(str(2000), ''),
  userType: or(int, 0),
  age: or(int, null),
  countryId: or(int, null),
  countryCode: or(str(8), null),
  levelName: or(str(40), null),
  videoPrice: or(num, 0),
  vipVideoPrice: or(num, 0),
  discountOffDiamond: or(num, 0),
  onlineStatus: or(int, 0),
  liveDescribe: or(str(500), null),
  followed: or(bool, false),
  fansNum: or(int, 0),
  followNum: or(int, 0),
  photos: or(list(str(2000), 20), []),
  isBlockUser: or(int, 0),
  whoBlock: or(int, 0),
})

/** The client's call info (d1 §3), the parts the UI reads. */
export interface CallInfo {
  status: CallStatusValue
  channelId: string | null
  callUserId: number | null
  callInOrOut: 'in' | 'out' | null
  callGameType: number
  callFrontGameType: number
  nickname: string
  icon: string
  age: number | null
  countryCode: string | null
  yxAccid: string
  userType: number
  followed: boolean
  levelName: string | null
  videoPrice: number
  /** seconds since connect */
  callDuration: number
  callStartTime: number | null
  callConnectTime: number | null
  /** seconds left on the waiting screen */
  waitLeft: number
  hangupReason: number | null
  free: boolean
  /** begin-call answered: the in-call screen shows */
  began: boolean
  /** a private call from a live room (LIVE-14): the call second its free minutes end, the first
   *  billing point the begin-call answer names; null for calls without free minutes */
  freeUntil: number | null
  /** the host's device rang (notify type 0): a cancel now is a late cancel */
  hostReached: boolean
  callTagPath?: string
  callTagSqec?: number | null
}

/** The in-call balance warning (CALL-08); null when hidden. */
export interface CallWarning {
  units: 0 | 1 | 2
  /** seconds left, for 'Your call will end in N s' (units 0 only) */
  secondsLeft: number | null
}

/** What the post-call sheet needs (d3 §3 Last call info). */
export interface LastCall {
  channelId: string
  icon: string
  callUserId: number
  yxAccid: string
  nickname: string
  callDuration: number
  levelName: string | null
  free: boolean
  callGameType: number
  hangupReason: number | null
  /** what the call charged and in how many billing points, as the callOver answer says (the ledger);
   *  null when that answer did not come in time */
  charged?: number | null
  periods?: number | null
}

/** callOver answer; charged and periods are the harness's (assumed) additions for the post-call summary */
export interface CallOverReply {
  channelId?: string
  callDuration?: number
  diamond?: number
  charged?: number
  periods?: number
}

export interface StartCallOptions {
  hostId: number
  /** list price per billing period; -9999 skips the balance check */
  videoPrice: number
  /** source tag, sent as webSource (callTagPath) */
  source?: string
  /** list index the call came from (callTagSqec) */
  sqec?: number
  discountFlag?: number
  discountOffDiamond?: number
  gameType?: number
  yxAccid?: string
}

export interface CallsApi {
  info: ReadonlySignal<CallInfo>
  warning: ReadonlySignal<CallWarning | null>
  /** resolves true when the call was placed (the host is ringing), false when a start check refused it */
  start(opts: StartCallOptions): Promise<boolean>
  startMatch(): Promise<boolean>
  /** the user ends the call (or cancels the waiting call) */
  hangUp(): void
  cancel(): void
}

export const callsRef = ref<CallsApi>('calls')

/** The call info while no call is on (also what the calls service shows before its engine loads). */
export const emptyInfo = (): CallInfo => ({
  status: CallStatus.INIT,
  channelId: null,
  callUserId: null,
  callInOrOut: null,
  callGameType: CallGameType.DIRECT,
  callFrontGameType: FrontType.DIRECT,
  nickname: '',
  icon: '',
  age: null,
  countryCode: null,
  yxAccid: '',
  userType: 0,
  followed: false,
  levelName: null,
  videoPrice: 0,
  callDuration: 0,
  callStartTime: null,
  callConnectTime: null,
  waitLeft: 0,
  hangupReason: null,
  free: false,
  began: false,
  freeUntil: null,
  hostReached: false,
})

/** Push types the calls plugin handles (the realtime frame's pushType). */
export const CallPush = { notify: 'call.notify', incoming: 'call.incoming' } as const

/** Overlay ids of the calls plugin (another plugin may ask whether one is open). */
export const CallOverlay = {
  waiting: 'calls.waiting',
  screen: 'calls.screen',
  incoming: 'calls.incoming',
  post: 'calls.post',
} as const

declare module '../../kernel/types.ts' {
  interface PushTypes {
    /** CALL-05: the host's answer and remote messages, by channel */
    'call.notify': CallNotify
    /** CALL-04: a host calls the user */
    'call.incoming': IncomingCall
  }
  interface SceneMarks {
    /** a call rings or is on (the calls plugin follows its engine) */
    call: boolean
  }
}
