// The free-coin tasks of the harness (ENG-10). The spec names only the routes (/free and email,
// loading, phone, result, review); the harness decides the tasks (harness/README.md):
//   email   bind an email: a 6-digit code is "sent" (read it with control 'free/outbox'), verified once
//   phone   bind a phone number: the same with an SMS code
//   review  rate the app in the store, then submit: pending until approved (after `freeReviewMs`,
//           default 4000, or control 'free/review'), then credited once when the status is asked
// Each reward moves through the ledger with the key free:<task>, once per user.
import { Code } from '../../kernel/protocol/envelope.ts'
import { collection, type Endpoint, type EndpointCall, EndpointError, type FakeSlice, type HarnessContext, type UserRow, type Words } from '../../harness/slice-kit.ts'
import { FreePath } from './paths.ts'

export const FREE_REWARDS = { email: 300, phone: 200, review: 500 } as const
type TaskId = keyof typeof FREE_REWARDS
/** 0 to do, 1 pending (review), 2 done, 3 rejected (may submit again) */
type Status = 0 | 1 | 2 | 3

interface FreeRow {
  userId: number
  task: TaskId
  status: Status
  target?: string
  code?: string
  codeAt?: string
  submittedAt?: string
}

const refuse = (msg: Words) => new EndpointError(Code.refused, msg)
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,24}$/i
const PHONE = /^\+?[0-9]{6,15}$/
const TASKS: TaskId[] = ['email', 'phone', 'review']
const REVIEW_DEFAULT_MS = 4000

const rowsOf = (ctx: HarnessContext): FreeRow[] => ctx.db.get('freeTasks').value()
function rowFor(ctx: HarnessContext, userId: number, task: TaskId): FreeRow {
  let row = rowsOf(ctx).find((r) => r.userId === userId && r.task === task)
  if (!row) {
    row = { userId, task, status: 0 }
    ctx.db.get('freeTasks').push(row).write()
  }
  return row
}
const save = (ctx: HarnessContext, row: FreeRow, change: Partial<FreeRow>) => {
  Object.assign(row, change)
  ctx.db.write()
}
function taskOf(raw: unknown, only?: TaskId[]): TaskId {
  const t = String(raw ?? '') as TaskId
  if (!(only ?? TASKS).includes(t)) throw refuse('unknown task')
  return t
}

/** credit a task once (the ledger key), push the balance, mark it done */
function reward(ctx: HarnessContext, u: UserRow, row: FreeRow) {
  const key = `free:${row.task}`
  const before = collection(ctx, 'ledger').value().some((e) => e.userId === u.userId && e.key === key)
  ctx.move(u.userId, FREE_REWARDS[row.task], `free.${row.task}`, { key })
  save(ctx, row, { status: 2 })
  const diamondNum = ctx.userById(u.userId)!.diamondNum
  if (!before) ctx.push(u.userId, 'user.balance', { diamondNum, reason: 'free' })
  return { task: row.task, status: 2 as Status, rewardDiamond: before ? 0 : FREE_REWARDS[row.task], diamondNum }
}

/** a submitted review is approved once its time has come (or the control entry said so) */
function settleReview(ctx: HarnessContext, u: UserRow, row: FreeRow) {
  if (row.task !== 'review' || row.status !== 1 || !row.submittedAt) return
  const wait = Number(ctx.settings().freeReviewMs ?? REVIEW_DEFAULT_MS)
  if (Date.now() - Date.parse(row.submittedAt) >= wait) reward(ctx, u, row)
}

function view(ctx: HarnessContext, u: UserRow, task: TaskId) {
  const row = rowFor(ctx, u.userId, task)
  settleReview(ctx, u, row)
  return { taskId: task, rewardDiamond: FREE_REWARDS[task], status: row.status, target: row.target ?? '' }
}

const tasks: Endpoint = (ctx, call) => {
  const u = call.requireUser()
  return { list: TASKS.map((t) => view(ctx, u, t)) }
}

function sendCode(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const task = taskOf(call.payload?.taskId, ['email', 'phone'])
  const target = String(call.payload?.target ?? '').trim()
  if (task === 'email' && !target) throw refuse('Email must not be empty')
  if (task === 'email' && !EMAIL.test(target)) throw refuse('Email must be a well-formed email address')
  if (task === 'phone' && !PHONE.test(target.replace(/[\s-]/g, ''))) throw refuse({ en: 'Invalid phone number', ar: 'رقم الهاتف غير صالح' })
  const row = rowFor(ctx, u.userId, task)
  if (row.status === 2) throw refuse({ en: 'This task is already done', ar: 'أنجزت هذه المهمة من قبل' })
  // one code per target for 10 minutes: asking again re-sends the same code
  const fresh = row.code && row.target === target && Date.now() - Date.parse(row.codeAt ?? '') < 600_000
  const code = fresh ? row.code! : String(100000 + Math.floor(Math.random() * 900000))
  save(ctx, row, { target, code, codeAt: fresh ? row.codeAt : new Date().toISOString() })
  return { sent: true, target }
}

function verifyCode(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const task = taskOf(call.payload?.taskId, ['email', 'phone'])
  const row = rowFor(ctx, u.userId, task)
  if (row.status === 2) return { task, status: 2, rewardDiamond: 0, diamondNum: u.diamondNum, already: true }
  if (!row.code || String(call.payload?.code ?? '').trim() !== row.code) throw refuse('Incorrect verification code')
  return reward(ctx, u, row)
}

function submitReview(ctx: HarnessContext, call: EndpointCall) {
  const u = call.requireUser()
  const row = rowFor(ctx, u.userId, 'review')
  if (row.status === 0 || row.status === 3) save(ctx, row, { status: 1, submittedAt: new Date().toISOString() })
  return view(ctx, u, 'review')
}

const status: Endpoint = (ctx, call) => view(ctx, call.requireUser(), taskOf(call.payload?.taskId))

export const freeEndpoints: Record<string, Endpoint> = {
  [FreePath.tasks]: tasks,
  [FreePath.sendCode]: sendCode,
  [FreePath.verifyCode]: verifyCode,
  [FreePath.submitReview]: submitReview,
  [FreePath.status]: status,
}

export function freeSeed(db: Record<string, unknown>) {
  db.freeTasks = []
}

const userOf = (ctx: HarnessContext, body: any) => {
  const u = ctx.userById(Number(body?.userId))
  if (!u) throw refuse('userId of a known user is required')
  return u
}

export const freeControls: NonNullable<FakeSlice['control']> = {
  // GET ?userId=: the codes the harness "sent" (email and SMS), as a mailbox would show them
  'free/outbox': (ctx, _body, params) =>
    rowsOf(ctx)
      .filter((r) => r.code && (!params.get('userId') || r.userId === Number(params.get('userId'))))
      .map((r) => ({ userId: r.userId, task: r.task, target: r.target, code: r.code, at: r.codeAt })),
  // POST {userId, outcome: 'approve' | 'reject'}: settle a submitted review now
  'free/review': (ctx, body) => {
    const u = userOf(ctx, body)
    const row = rowFor(ctx, u.userId, 'review')
    if (row.status !== 1) throw refuse('no review is pending')
    if (body.outcome === 'approve') return reward(ctx, u, row)
    if (body.outcome === 'reject') {
      save(ctx, row, { status: 3 })
      return { ok: true, status: 3 }
    }
    throw refuse("outcome is 'approve' or 'reject'")
  },
  // POST {userId}: every task of the user to do again (the ledger keeps its keys: no second reward)
  'free/reset': (ctx, body) => {
    const u = userOf(ctx, body)
    ctx.db.set('freeTasks', rowsOf(ctx).filter((r) => r.userId !== u.userId)).write()
    return { ok: true }
  },
}
