// Harness slice: a seeded moments feed written by the fixture hosts. Pictures are generated SVG
// scenes (data URLs), so the feed needs nothing from the internet.
import { defineFake, type UserRow } from '../../harness/types.ts'

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

export default defineFake({
  seed(db) {
    const hosts = (db.users as UserRow[]).filter((u) => u.userType === 2 || u.userType === 3)
    db.moments = seedMoments(hosts)
  },
  endpoints: {
    // payload: currentPage, pageSize (10), offsetId (the last id shown); newest first
    '/api/expand/friendsCircle/queryAnchorFriendsCircleListV2': (ctx, call) => {
      const pageSize = Math.min(50, Math.max(1, Number(call.payload.pageSize) || 10))
      const currentPage = Math.max(1, Number(call.payload.currentPage) || 1)
      const all = [...((ctx.db.get('moments').value() as MomentRow[] | undefined) ?? [])].sort((a, b) => b.id - a.id)
      const offsetId = Number(call.payload.offsetId)
      const start = offsetId ? all.findIndex((m) => m.id < offsetId) : (currentPage - 1) * pageSize
      const slice = start < 0 ? [] : all.slice(start, start + pageSize)
      const now = Date.now()
      const list = slice.flatMap((m) => {
        const host = ctx.userById(m.userId)
        if (!host) return []
        return [
          {
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
          },
        ]
      })
      return { list, currentPage, pageSize, total: all.length }
    },
  },
})
