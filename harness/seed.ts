// The first state of the state file, built from fixtures/ plus every fake slice's seed.
// Used on first run and on reset, so a reset always gives the same world.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FakeSlice, UserRow } from './types.ts'

const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url))

export function fixture<T = any>(name: string): T {
  return JSON.parse(readFileSync(fixturesDir + name, 'utf8')) as T
}

export const TEST_USER_ID = 100001

export function avatarPath(id: number | string): string {
  return `/__harness/avatar/${id}.svg`
}

interface HostFixture {
  userId: number
  followedByTestUser?: boolean
  followsTestUser?: boolean
  [f: string]: unknown
}

/** A messaging token nobody can guess (it was im-<userId>): the IM service checks it at login. */
export const newImToken = () => `im-${randomBytes(16).toString('hex')}`

export function buildSeed(slices: Array<{ id: string; slice: FakeSlice }>): Record<string, unknown> {
  const viewers = fixture<Array<Record<string, any>>>('viewers.json').map(({ note: _note, ...v }): UserRow => ({
    ...v,
    userId: v.userId,
    nickname: v.nickname,
    token: v.token,
    tokens: v.token ? [v.token] : [],
    yxAccid: `user_${v.userId}`,
    imToken: newImToken(),
    diamondNum: v.diamondNum,
    userType: v.userType,
    icon: avatarPath(v.userId),
    createdAt: '2024-01-01T00:00:00.000Z',
  }))
  const follows: Array<{ id: number; userId: number; followUserId: number; at: string }> = []
  const hosts = fixture<HostFixture[]>('hosts.json').map(({ followedByTestUser, followsTestUser, ...h }): UserRow => {
    if (followedByTestUser) follows.push({ id: follows.length + 1, userId: TEST_USER_ID, followUserId: h.userId, at: '2025-01-01T00:00:00.000Z' })
    if (followsTestUser) follows.push({ id: follows.length + 1, userId: h.userId, followUserId: TEST_USER_ID, at: '2025-01-02T00:00:00.000Z' })
    return {
      ...h,
      userId: h.userId,
      nickname: String(h.nickname),
      token: null,
      yxAccid: `host_${h.userId}`,
      imToken: newImToken(),
      diamondNum: 0,
      userType: Number(h.userType),
      icon: avatarPath(h.userId),
    }
  })
  const db: Record<string, unknown> = { users: [...viewers, ...hosts], follows, ledger: [], ledgerOpening: [] }
  for (const { id, slice } of slices) {
    try {
      slice.seed?.(db)
    } catch (err) {
      throw new Error(`seed of plugin ${id} failed: ${(err as Error).message}`)
    }
  }
  // opening balances after every slice had its say: the ledger starts from here
  db.ledgerOpening = (db.users as UserRow[]).filter((u) => u.diamondNum).map((u) => ({ userId: u.userId, balance: u.diamondNum }))
  return db
}
