// Harness slice: a seeded moments feed written by the fixture hosts, with its comments and likes.
// Pictures are generated SVG scenes (data URLs), so the feed needs nothing from the internet.
import { Code } from '../../kernel/protocol/envelope.ts'
import { collection, defineFake, type EndpointCall, EndpointError, type HarnessContext, type UserRow } from '../../harness/slice-kit.ts'
import { COMMENT_MAX, MomentsPath } from './paths.ts'

declare module '../../harness/collections.ts' {
  interface Collections {
    moments: MomentRow[]
    momentComments: CommentRow[]
  }
}

interface MomentRow {
  id: number
  userId: number
  content: string
  images: string[]
  likeNum: number
  commentNum: number
  likedBy: number[]
  /** minutes before "now" the post was made; the answer turns it into a time, so the feed stays fresh */
  minutesAgo: number
}

const CAPTIONS = [
  'Sunset walk by the sea 🌅 who wants to join next time?',
  'مساء الخير من شرفتي 🌙',
  'New dress, new mood ✨',
  'Coffee first, then let’s talk ☕',
  'أحب الموسيقى الهادئة في الليل 🎶',
  'Guess where I am today? 🗺️',
  'Live tonight at 9, don’t miss it 💃',
  '',
  'رحلة قصيرة إلى الجبال 🏔️',
  'Thank you for all the gifts today 💖',
  'Rainy day, perfect for a video call 🌧️',
  'Practising my Arabic: شكراً لكم 🙏',
]

const SCENES: Array<[string, string, string]> = [
  ['#ff7e5f', '#feb47b', '#2b1b3d'],
  ['#614385', '#516395', '#f5d0fe'],
  ['#f953c6', '#b91d73', '#ffe4f2'],
  ['#11998e', '#38ef7d', '#0b2e2a'],
  ['#fc5c7d', '#6a82fb', '#fff1f5'],
  ['#355c7d', '#c06c84', '#ffd6a5'],
]

/** A small landscape: sky gradient, sun and two hills, coloured by seed. */
export function sceneSvg(seed: number): string {
  const [a, b, c] = SCENES[seed % SCENES.length]
  const sunX = 60 + ((seed * 37) % 180)
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="300" height="300" fill="url(#s)"/><circle cx="${sunX}" cy="110" r="38" fill="${c}" opacity=".85"/>` +
    `<path d="M0 230 Q75 170 150 220 T300 205 V300 H0Z" fill="#000" opacity=".25"/>` +
    `<path d="M0 260 Q90 215 170 255 T300 245 V300 H0Z" fill="#000" opacity=".4"/></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

export function seedMoments(hosts: Array<Pick<UserRow, 'userId'>>): MomentRow[] {
  const rows: MomentRow[] = []
  // two or three posts per host, interleaved in time, deterministic
  hosts.forEach((h, i) => {
    const count = 2 + (i % 2)
    for (let k = 0; k < count; k++) {
      const n = i * 3 + k
      rows.push({
        id: 0,
        userId: h.userId,
        content: CAPTIONS[n % CAPTIONS.length],
        images: Array.from({ length: n % 4 === 3 ? 0 : (n % 3) + 1 }, (_, j) => sceneSvg(n + j)),
        likeNum: 5 + ((n * 29) % 240),
        commentNum: (n * 7) % 36,
        likedBy: [],
        minutesAgo: 4 + i * 23 + k * 410,
      })
    }
  })
  rows.sort((x, y) => x.minutesAgo - y.minutesAgo)
  rows.forEach((r, i) => (r.id = 5000 + rows.length - i))
  return rows
}

interface CommentRow {
  id: number
  momentId: number
  userId: number
  nickname: string
  icon: string
  /** stored as typed: the app shows it as text, never as markup */
  content: string
  createTime: number
}

const COMMENTERS = ['Omar', 'Noura', 'Khalid', 'Lina', 'Youssef', 'Sara', 'Hamza', 'Maya']
const REPLIES = ['So beautiful 😍', 'ما شاء الله', 'See you tonight!', 'Love this ❤️', 'جميل جداً', 'Where is this?', 'Amazing 🔥', 'Hi from Cairo 👋']

/** as many comments as each post's count says, older than the post's age */
export function seedComments(moments: MomentRow[], now = Date.now()): CommentRow[] {
  const rows: CommentRow[] = []
  for (const m of moments) {
    for (let k = 0; k < m.commentNum; k++) {
      const who = (m.id + k) % COMMENTERS.length
      rows.push({ id: 0, momentId: m.id, userId: 300001 + who, nickname: COMMENTERS[who], icon: '', content: REPLIES[(m.id * 3 + k) % REPLIES.length], createTime: now - (m.minutesAgo - 1) * 60_000 + k * 60_000 })
    }
  }
  rows.sort((a, b) => a.createTime - b.createTime)
  rows.forEach((r, i) => (r.id = 90001 + i))
  return rows
}

const refuse = (msg: string) => new EndpointError(Code.refused, msg)
const momentsOf = (ctx: HarnessContext) => collection(ctx, 'moments').value() ?? []

function momentOf(ctx: HarnessContext, id: unknown): MomentRow {
  const m = momentsOf(ctx).find((r) => r.id === Number(id))
  if (!m) throw refuse(`no moment ${String(id)}`)
  return m
}

/** one post as the list and the detail answer it */
function view(ctx: HarnessContext, m: MomentRow, call: EndpointCall, now: number) {
  const host = ctx.userById(m.userId)
  if (!host) return null
  return {
    id: m.id,
    userId: host.userId,
    yxAccid: host.yxAccid,
    nickname: host.nickname,
    icon: host.icon,
    age: host.age ?? null,
    onlineStatus: host.onlineStatus ?? null,
    content: m.content,
    images: m.images,
    likeNum: m.likeNum,
    commentNum: m.commentNum,
    isLike: call.user ? m.likedBy.includes(call.user.userId) : false,
    createTime: now - m.minutesAgo * 60_000,
  }
}

/** a post's comments, newest first, 10 a page after the offset id (the last comment shown) */
function comments(ctx: HarnessContext, call: EndpointCall) {
  const m = momentOf(ctx, call.payload.id)
  const pageSize = Math.min(50, Math.max(1, Number(call.payload.pageSize) || 10))
  const offsetId = Number(call.payload.offsetId) || Infinity
  const all = collection(ctx, 'momentComments').filter({ momentId: m.id }).value().slice().sort((a, b) => b.id - a.id)
  return { list: all.filter((c) => c.id < offsetId).slice(0, pageSize), pageSize, total: all.length }
}

/** a new comment: trimmed, not blank, at most COMMENT_MAX characters */
function addComment(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const m = momentOf(ctx, call.payload.id)
  const content = String(call.payload.content ?? '').trim()
  if (!content) throw refuse('content must not be blank')
  if ([...content].length > COMMENT_MAX) throw refuse(`content is longer than ${COMMENT_MAX}`)
  const table = collection(ctx, 'momentComments')
  const id = Math.max(90000, ...table.value().map((c) => c.id)) + 1
  const row: CommentRow = { id, momentId: m.id, userId: user.userId, nickname: user.nickname, icon: user.icon, content, createTime: Date.now() }
  table.push(row).write()
  m.commentNum += 1
  ctx.db.write()
  return { comment: row, commentNum: m.commentNum }
}

/** like (likeType 1) or unlike (2); a repeat changes nothing, so a double tap counts once */
function like(ctx: HarnessContext, call: EndpointCall) {
  const user = call.requireUser()
  const m = momentOf(ctx, call.payload.id)
  const type = Number(call.payload.likeType)
  if (type !== 1 && type !== 2) throw refuse('likeType must be 1 (like) or 2 (unlike)')
  const had = m.likedBy.includes(user.userId)
  if (type === 1 && !had) {
    m.likedBy.push(user.userId)
    m.likeNum += 1
  } else if (type === 2 && had) {
    m.likedBy = m.likedBy.filter((id) => id !== user.userId)
    m.likeNum = Math.max(0, m.likeNum - 1)
  }
  ctx.db.write()
  return { id: m.id, isLike: type === 1, likeNum: m.likeNum }
}

export default defineFake({
  seed(db) {
    const hosts = (db.users as UserRow[]).filter((u) => u.userType === 2 || u.userType === 3)
    db.moments = seedMoments(hosts)
    db.momentComments = seedComments(db.moments as MomentRow[])
  },
  endpoints: {
    [MomentsPath.detail]: (ctx, call) => view(ctx, momentOf(ctx, call.payload.id), call, Date.now()),
    [MomentsPath.comments]: comments,
    [MomentsPath.comment]: addComment,
    [MomentsPath.like]: like,
    // payload: currentPage, pageSize (10), offsetId (the last id shown); newest first
    [MomentsPath.feed]: (ctx, call) => {
      const pageSize = Math.min(50, Math.max(1, Number(call.payload.pageSize) || 10))
      const currentPage = Math.max(1, Number(call.payload.currentPage) || 1)
      const all = [...(collection(ctx, 'moments').value() ?? [])].sort((a, b) => b.id - a.id)
      const offsetId = Number(call.payload.offsetId)
      const start = offsetId ? all.findIndex((m) => m.id < offsetId) : (currentPage - 1) * pageSize
      const slice = start < 0 ? [] : all.slice(start, start + pageSize)
      const now = Date.now()
      const list = slice.flatMap((m) => view(ctx, m, call, now) ?? [])
      return { list, currentPage, pageSize, total: all.length }
    },
  },
})
