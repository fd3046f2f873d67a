// The wall's slice of the harness: tags, the host lists behind every tab, host status
// look-ups, countries and follow/unfollow (the game list behind the Game tab is the game plugin's slice).
import { Code } from '../../kernel/protocol/envelope.ts'
import { HostStatus } from './api.ts'
import { byWallOrder, collection, defineFake, type EndpointCall, EndpointError, fixture, followedIds, type HarnessContext, hostCard, hosts, langOf, page, type UserRow, withoutBlocked } from '../../harness/slice-kit.ts'

declare module '../../harness/collections.ts' {
  interface Collections {
    countries: Country[]
    tags: Tag[]
  }
}

interface Tag {
  tagId: number
  kind: 'all' | 'live' | 'follow' | 'new' | 'game' | 'likeYou'
  nameEn: string
  nameAr: string
  lock: number | 'vip'
  sort: number
}
interface Country {
  countryId: number
  code: string
  area: 'me' | 'intl'
  flag: string
  nameEn: string
  nameAr: string
}

const refuse = (msg: string) => new EndpointError(Code.refused, msg)

function tagList(ctx: HarnessContext, call: EndpointCall) {
  const ar = langOf(call.headers) === 'ar'
  return (collection(ctx, 'tags').value())
    .slice()
    .sort((a, b) => a.sort - b.sort)
    .map((t) => ({ tagId: t.tagId, tagName: ar ? t.nameAr : t.nameEn, kind: t.kind, lock: t.lock, sort: t.sort }))
}

/** countryIds arrives as an array, a comma list or a single id; empty means every country. */
function countryFilter(raw: unknown): Set<number> | null {
  const ids = (Array.isArray(raw) ? raw : String(raw ?? '').split(','))
    .map((v) => Number(String(v).trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
  return ids.length ? new Set(ids) : null
}

/**
 * The host list of a tab. Mapping (not shown in the spec, chosen here):
 * - All: live, online and busy hosts (live first); onlineStatus 2 asks for the second list, the offline ones.
 * - Live: live hosts. Follow (or isFollow 1): the hosts the user follows, any status.
 * - New: grade NEW, any status. Like You: hosts who follow the user. Game: no hosts (the tab shows games).
 * - onlineStatus -1 narrows any tab to live hosts, 2 to offline ones.
 * The ForMeArea variant keeps hosts of the Middle-East area only.
 */
function anchorList(area: boolean) {
  return (ctx: HarnessContext, call: EndpointCall) => {
    const p = call.payload
    const tags = collection(ctx, 'tags').value()
    // no tag (or 0) means the All list, as callers outside the wall (the home strip) ask for it
    const tag = p.tagId != null && p.tagId !== '' && Number(p.tagId) !== 0 ? tags.find((t) => t.tagId === Number(p.tagId)) : tags.find((t) => t.kind === 'all')
    if (!tag) throw refuse(`no tag ${p.tagId}`)
    const follow = Number(p.isFollow) === 1 || tag.kind === 'follow'
    const needsUser = follow || tag.kind === 'likeYou'
    const user = needsUser ? call.requireUser() : call.user
    const mineFollows = user ? followedIds(ctx, user.userId) : new Set<number>()
    const fans = user ? new Set(collection(ctx, 'follows').filter({ followUserId: user.userId }).value().map((f) => f.userId)) : new Set<number>()
    const countries = countryFilter(p.countryIds)
    const areaIds = area ? new Set(collection(ctx, 'countries').value().filter((c) => c.area === 'me').map((c) => c.countryId)) : null
    const wanted = p.onlineStatus == null || p.onlineStatus === '' ? null : Number(p.onlineStatus)

    // ENG-11: never a host the caller blocked
    const list = withoutBlocked(ctx, call.user?.userId, hosts(ctx))
      .filter((h) => {
        const status = Number(h.onlineStatus)
        if (follow && !mineFollows.has(h.userId)) return false
        if (tag.kind === 'live' && status !== HostStatus.live) return false
        if (tag.kind === 'new' && h.anchorLevelName !== 'NEW') return false
        if (tag.kind === 'likeYou' && !fans.has(h.userId)) return false
        if (tag.kind === 'game') return false
        if (countries && !countries.has(Number(h.countryId))) return false
        if (areaIds && !areaIds.has(Number(h.countryId))) return false
        if (wanted === 2) return status === HostStatus.offline
        if (wanted === HostStatus.live) return status === HostStatus.live
        if (tag.kind === 'all' && !follow) return status !== HostStatus.offline
        return true
      })
      .sort(byWallOrder)
      .map((h) => hostCard(ctx, h, mineFollows.has(h.userId)))
    return page(list, p)
  }
}

/** Status look-up: searchValue is a comma list (or yxAccids / userIds arrays); answers the app's
 *  status values (-1 live, 1 online, 2 busy, 3 offline) with a live flag. */
function batchStat(by: 'yxAccid' | 'userId', area: boolean) {
  return (ctx: HarnessContext, { payload }: EndpointCall) => {
    const raw = payload.searchValue ?? payload.yxAccids ?? payload.userIds ?? payload.list ?? []
    const keys = (Array.isArray(raw) ? raw : String(raw).split(',')).map((v) => String(v).trim()).filter(Boolean)
    if (!keys.length) throw refuse(`searchValue must list ${by === 'yxAccid' ? 'chat ids' : 'user ids'}, comma separated`)
    const areaIds = area ? new Set(collection(ctx, 'countries').value().filter((c) => c.area === 'me').map((c) => c.countryId)) : null
    return keys
      .map((k) => (by === 'yxAccid' ? ctx.userByAccid(k) : ctx.userById(Number(k))))
      .filter((u): u is UserRow => !!u && (u.userType === 2 || u.userType === 3))
      .filter((u) => !areaIds || areaIds.has(Number(u.countryId)))
      .map((u) => ({ userId: u.userId, yxAccid: u.yxAccid, onlineStatus: Number(u.onlineStatus), live: Number(u.onlineStatus) === HostStatus.live }))
  }
}

function countries(ctx: HarnessContext, call: EndpointCall) {
  const ar = langOf(call.headers) === 'ar'
  return (collection(ctx, 'countries').value()).map((c) => ({ ...c, name: ar ? c.nameAr : c.nameEn }))
}

function follow(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const target = ctx.userById(Number(call.payload.followUserId))
  if (!target || target.userId === user.userId) throw refuse(`cannot follow user ${call.payload.followUserId}`)
  const type = Number(call.payload.followType ?? 1)
  const follows = collection(ctx, 'follows')
  const existing = follows.find({ userId: user.userId, followUserId: target.userId }).value()
  if (type === 1 && !existing) {
    const id = follows.value().reduce((m, f) => Math.max(m, f.id), 0) + 1
    follows.push({ id, userId: user.userId, followUserId: target.userId, at: new Date().toISOString() }).write()
  } else if (type === 2 && existing) {
    follows.remove({ userId: user.userId, followUserId: target.userId }).write()
  } else if (type !== 1 && type !== 2) throw refuse('followType must be 1 (follow) or 2 (unfollow)')
  return { followed: type === 1, followUserId: target.userId }
}

/** the tag of the tab the wall opens on when it is open to anyone (a deploy's wallTagId hint) */
function openingTag(ctx: HarnessContext): Record<string, unknown> {
  const first = collection(ctx, 'tags').value()
    .filter((t) => t.kind !== 'game')
    .sort((a, b) => a.sort - b.sort)[0]
  return first && first.lock === 0 && first.kind !== 'follow' ? { wallTagId: first.tagId } : {}
}

export default defineFake({
  seed(db) {
    db.tags = fixture('tags.json')
    db.countries = fixture('countries.json')
  },
  appConfig: openingTag,
  endpoints: {
    // d3 §7 the match pool's hosts (the calls plugin owns matching; a plain list of hosts here)
    '/api/match/pool/matchList': (ctx, call) => (call.requireUser(), collection(ctx, 'users').value().filter((u) => u.userType === 2).slice(0, 20).map((u) => ({ userId: u.userId, nickname: u.nickname, icon: u.icon, yxAccid: u.yxAccid }))),
    // the harness has no robot videos: an empty list, as for a robot without any
    '/api/user/getRobotVideoList': (_ctx, call) => (call.requireUser(), []),
    '/api/index/indexTag': tagList,
    '/api/anchor/v4/anchorList': anchorList(false),
    '/api/anchor/v4/anchorListForMeArea': anchorList(true),
    '/api/anchor/batchQueryYxStat': batchStat('yxAccid', false),
    '/api/anchor/batchQueryYxStatForMeArea': batchStat('yxAccid', true),
    '/api/anchor/batchQueryYxStatByUid': batchStat('userId', false),
    '/api/anchor/batchQueryYxStatByUidForMeArea': batchStat('userId', true),
    '/api/index/getCountryList': countries,
    '/api/index/country': countries,
    '/api/user/followUser': follow,
  },
})
