// The engagement plugin's public face: its paths and wire shapes, its overlay ids, the service
// other plugins open its popups with. Import this file (and widgets.tsx for the level badge and
// the user page's entries) only, never the plugin's internals.
import { ref } from '../../kernel/plugin.ts'
import { bool, int, list, num, obj, or, str, type Guard } from '../../kernel/guard.ts'

export { EngagePath } from './paths.ts'

export const Popup = {
  checkin: 'engage.checkin',
  /** the same popup as queued once a day: on the wall only */
  dailyCheckin: 'engage.checkin-daily',
  checkinDone: 'engage.checkin-done',
  invite: 'engage.invite',
  derivation: 'engage.derivation',
  review: 'engage.review',
  activity: 'engage.activity',
  autoCall: 'engage.autocall',
  guide: 'engage.guide',
} as const

export const LEVEL_PATH = '/personal/userLevel'
export const LEVEL_RULE_PATH = '/personal/userLevel/rule'

/** d3 §3 Sign-in day */
export interface SignInDay {
  signInCycle: number
  awardNum: number
  awardType: number
  awardUserType: number
  /** 1 claimable now */
  canReceiveFlag: number
  /** seconds until it may be claimed */
  countdown: number
  currentFlag: number
  magnification: number
  payUserMagnification: number
  /** 1 already claimed (harness-defined) */
  receiveFlag?: number
}

export interface SignInDetail {
  list: SignInDay[]
  signedToday?: boolean
  isPayUser?: boolean
}

export interface SignInResult {
  signInCycle: number
  awardNum: number
  magnification: number
  diamondNum: number
}

/** d3 §3 Invitation and host link */
export interface InviteHost {
  userId: number
  icon: string
  nickname: string
  followed: boolean
  videoPrice: number
}

/** d3 §3 Balance-transfer data (the base config's appShift) */
export interface AppShift {
  appIcon: string
  appName: string
  shiftAppIcon: string
  shiftAppName: string
  shiftAppUrl: string
  nickname: string
  shiftContent: string
  recordCode: string
  balanceDiamond: number
  levelAwardDiamond: number
}

/** d3 §3 Force-comment and rate eligibility */
export interface ReviewState {
  force: number
  can: number
  giveDiamond: number
  skipUrl: string
  myForceEvaluationRecord: { appId?: string } | null
}

/** d3 §3 Popup (an activity popup of mergeAllPopupV2) */
export interface ActivityPopup {
  id: string
  popupType?: number
  frontType?: number
  frontPriority?: number
  title?: string
  text?: string
  imgUrl?: string
  jumpUrl?: string
  countDown?: number
}

/** d3 §3 Level info */
export interface LevelInfo {
  curUserLevel: number
  isLastLv: boolean
  lvIcon: string
  nowLvStage: number
  growthValue?: number
  list: Array<{ userLevel: number; startGrowthValue: number; endGrowthValue: number }>
}

/** guard of the level answer (kernel/guard.ts): the level must be a number, the rest defaults */
export const levelInfo: Guard<LevelInfo> = obj({
  curUserLevel: int,
  isLastLv: or(bool, false),
  lvIcon: or(str(2000), ''),
  nowLvStage: or(int, 0),
  growthValue: or(num, undefined),
  list: or(list(obj({ userLevel: int, startGrowthValue: or(num, 0), endGrowthValue: or(num, 0) }), 50), []),
})

export interface EngageApi {
  openCheckin(): void
  openInvite(): void
  /** the new-user guide shows now (SHELL-16): other popups wait */
  guideActive(): boolean
}

export const engageRef = ref<EngageApi>('engage')

declare module '../../kernel/types.ts' {
  interface SceneMarks {
    /** SHELL-16: the new-user guide shows; every queued popup waits for it */
    guide: boolean
  }
}
