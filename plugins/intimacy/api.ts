// The intimacy feature's public face (LIVE-15): the sheet other plugins open, the paths of d2 §7,
// the answer's shape and its guard, and the ledger reasons the harness writes. Import this file only.
import { int, list, num, obj, or, str, type Guard } from '../../kernel/guard.ts'
import { ref } from '../../kernel/plugin.ts'

/** the bind sheet (tabs Privileges and Increase); props: IntimacySheetProps */
export const INTIMACY_SHEET = 'intimacy.sheet'
export interface IntimacySheetProps {
  hostId: number
  /** opened in a live room: the recharge sheet hides PayPal there */
  inLive?: boolean
}

/** Optional link: other features (a call) open the sheet for a host; absent in an app without intimacy */
export interface IntimacyApi {
  open(hostId: number): void
}
export const intimacyRef = ref<IntimacyApi>('intimacy')

/** d2 §7 Intimacy */
export const IntimacyPaths = {
  /** { anchorId } -> Intimacy */
  info: '/api/intimacy/getUserIntimacy',
  /** { anchorId } (the spec shows no payload) -> { privilegeList } */
  privileges: '/api/intimacy/getUserPrivilege',
  /** { anchorId, giftId, giftNum: 1, requestId } -> a string; one containing diamond.not.enough opens recharge */
  sendGift: '/api/intimacy/sendGift',
  /** { anchorId } (not shown in the spec): the pair's intimacy again; the harness counts chats itself */
  add: '/api/intimacy/addIntimacy',
} as const

/** What the harness writes in the ledger for the intimacy gift. */
export const IntimacyLedgerReason = {
  /** the viewer's debit for the level-up gift */
  gift: 'intimacy.gift',
  /** the host's share of it */
  income: 'intimacy.income',
} as const

/** a daily limit the sheet shows: 0, -1 and null mean none and are hidden (d2 §4.8) */
export const shownLimit = (limit: number | null): number | null => (limit != null && limit > 0 ? limit : null)

export interface Privilege {
  icon: string
  content: string
  /** the level that unlocks it (the harness sends it; 1 when absent) */
  level: number
}

const limit = or(num, null)
/** addExperienceConfig of d2 §3; the *Today fields (today's experience per source) are the harness's */
const experienceConfig = obj({
  chatAdd: or(num, 0),
  chatLimit: limit,
  giftAdd: or(num, 0),
  giftLimit: limit,
  callAdd: or(num, 0),
  callLimit: limit,
  chatToday: or(num, 0),
  giftToday: or(num, 0),
  callToday: or(num, 0),
})
export type ExperienceConfig = NonNullable<ReturnType<typeof experienceConfig>>

const privilege: Guard<Privilege> = obj({ icon: or(str(4000), ''), content: str(300), level: or(int, 1) })

/** d2 §3 Intimacy; a null upNeddExperienceValue means the maximum level */
export const intimacyInfo = obj({
  level: or(int, 0),
  experienceValue: or(num, 0),
  upNeddExperienceValue: or(num, null),
  bindTime: or(num, 0),
  anchorId: int,
  avatarUrl: or(str(2000), ''),
  nickname: or(str(60), ''),
  anchorLevel: or(str(20), ''),
  gift: or(obj({ id: int, giftSmallImg: or(str(4000), ''), giftPrice: num }), null),
  privilegeList: or(list(privilege, 50), []),
  addExperienceConfig: or(experienceConfig, null),
})
export type IntimacyInfo = NonNullable<ReturnType<typeof intimacyInfo>>

export const privilegeAnswer = obj({ privilegeList: or(list(privilege, 50), []) })
