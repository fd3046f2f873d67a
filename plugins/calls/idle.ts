// The idle call info, apart from machine.ts: the calls facade (first bundle) shows it before the engine loads.
import type { CallInfo } from './api.ts'
import { CallGameType, CallStatus, FrontType } from './call-status.ts'

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
  hostReached: false,
})
