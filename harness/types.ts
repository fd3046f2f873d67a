// The harness's inner contract: what a plugin's fake slice (plugins/<id>/fake.ts) and the
// media services (harness/im.ts, harness/rtc.ts) get to work with.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { CipherKeys } from '../kernel/protocol/cipher.ts'

/** A user row of the state file (viewer or host). */
export interface UserRow {
  userId: number
  nickname: string
  token: string | null
  /** chat (IM) account id */
  yxAccid: string
  imToken: string
  email?: string
  password?: string
  diamondNum: number
  /** 1 or 4 viewer, 2 or 3 host */
  userType: number
  icon: string
  [field: string]: unknown
}

export interface HarnessSettings {
  /** seconds of one billing period (d1: about 60 s); tests shorten it */
  billingPeriodSec: number
  /** ms between simulated host status changes; 0 stops the timeline */
  hostTickMs: number
  [key: string]: unknown
}

export interface LedgerEntry {
  id: number
  userId: number
  delta: number
  reason: string
  balanceAfter: number
  at: string
  /** idempotency key (e.g. channel + billing point, order code); a repeated key moves nothing */
  key?: string
  [field: string]: unknown
}

/** A refusal's msg: a key or a developer's sentence, or a sentence a user reads in each language
 *  the app speaks (a real server words its msg in the request's Accept-Language). */
export type Words = string | { en: string; ar: string }

/** Thrown by an endpoint to answer an error envelope with this code and msg. */
export class EndpointError extends Error {
  readonly words: { en: string; ar: string } | null
  constructor(
    public code: string,
    msg: Words,
  ) {
    super(typeof msg === 'string' ? msg : msg.en)
    this.words = typeof msg === 'string' ? null : msg
  }

  /** the msg for a request in this Accept-Language */
  in(lang: string | undefined): string {
    return this.words && /^ar\b/i.test(lang ?? '') ? this.words.ar : this.message
  }
}

export interface EndpointCall {
  /** decrypted payload ({} when none) */
  payload: any
  /** the user whose loginToken came with the request, if any */
  user: UserRow | null
  headers: Record<string, string | string[] | undefined>
  /** throws EndpointError(needLogin) when the request carries no known token */
  requireUser(): UserRow
}

/** An endpoint returns the plain result that the harness encrypts into the envelope. */
export type Endpoint = (ctx: HarnessContext, call: EndpointCall) => unknown | Promise<unknown>

export interface HarnessContext {
  keys: CipherKeys
  /** lowdb (v1, lodash chain) database behind json-server: ctx.db.get('users').find({userId}).value() */
  db: any
  settings(): HarnessSettings
  /** move diamonds, append to the ledger, never below zero; returns the entry (or the earlier one for a repeated key) */
  move(userId: number, delta: number, reason: string, extra?: { key?: string; [f: string]: unknown }): LedgerEntry
  /** send a realtime push to one user (all of their open sockets); returns the number of sockets reached */
  push(userId: number, pushType: string, data: Record<string, unknown>): number
  /** send to every connected user */
  broadcast(pushType: string, data: Record<string, unknown>): number
  userByToken(token: string | null | undefined): UserRow | null
  userById(userId: number): UserRow | null
  userByAccid(yxAccid: string): UserRow | null
  /** the harness's own base URL, e.g. http://127.0.0.1:5173 */
  baseUrl(): string
  /** HMAC (hex) of text under a secret no client ever holds (not the cipher key, which the app
   *  has): what payment returns, card intents and store receipts are signed with. `purpose`
   *  keeps one kind of signature from passing for another. */
  sign(purpose: string, text: string): string

  log(...args: unknown[]): void
}

/** The media services, which the harness context also carries (as ctx.rtc() and ctx.im()) once they
 *  are started. Kept out of HarnessContext so that test doubles of the context need not fake them;
 *  read them with mediaOf(ctx). */
export interface MediaAccess {
  rtc(): import('./rtc.ts').RtcService | null
  im(): import('./im.ts').ImService | null
}

export function mediaOf(ctx: HarnessContext): MediaAccess {
  const m = ctx as HarnessContext & Partial<MediaAccess>
  return { rtc: () => m.rtc?.() ?? null, im: () => m.im?.() ?? null }
}

/** A plugin's slice of the harness. */
export interface FakeSlice {
  /** seed the state file on first run / reset (collections of its own, or rows added to users) */
  seed?: (db: Record<string, unknown>) => void
  /** encrypted API endpoints by exact path */
  endpoints?: Record<string, Endpoint>
  /** control API additions under /__harness/<name>; JSON in and out */
  control?: Record<string, (ctx: HarnessContext, body: any, params: URLSearchParams) => unknown | Promise<unknown>>
  /** how the control page shows the control entries (those without info get a plain JSON form) */
  controlInfo?: Record<string, ControlInfo>
  /** what the ledger paid for in this slice, checked with the ledger's invariant: one line per
   *  problem (a code paid twice, boxes bought that are neither opened nor held, ...) */
  paidFor?: (state: Record<string, any>) => string[]
  /** started with the harness; returns a stopper */
  start?: (ctx: HarnessContext) => (() => void) | void
  /** what it adds to /app-config.js, as a deploy would write it for its servers (hints the page's
   *  early script reads), asked for each request */
  appConfig?: (ctx: HarnessContext) => Record<string, unknown>
}

/** How the control page (/__harness/ui) offers one control entry. */
export interface ControlInfo {
  title: string
  description?: string
  /** the tab it appears in; default: the plugin's own section under Plugins */
  tab?: 'hosts' | 'viewers' | 'money' | 'pushes' | 'faults'
  /** a template request body, edited as JSON in the page */
  body?: Record<string, unknown>
  /** a GET entry answering a list: the page shows it as a table, with these actions per row */
  list?: { columns: string[]; actions?: RowAction[] }
  /** served to any address, without the loopback guard: pages and scripts the app itself opens */
  public?: boolean
  /** buttons on every host's or viewer's row ("$userId" is the row's id) */
  rowOf?: { kind: 'host' | 'viewer'; label: string; actions: RowAction[]; current?: { entry: string; path: string; fallback?: string } }
  /** a GET entry whose fields say which simulated troubles are on (shown with the active faults) */
  faultState?: { fields: string[]; clear: string }
}

/** A button on a row of a list entry: POST `control` with `body`, where "$field" strings take the row's field. */
export interface RowAction {
  label: string
  control: string
  body: Record<string, unknown>
  /** shown only on rows whose fields equal these */
  when?: Record<string, unknown>
  variant?: 'primary' | 'danger'
}

/** What a control entry returns to answer something other than JSON: a fake provider's page,
 *  script or redirect (a payment approval page, a card drop-in script). */
export class RawReply {
  constructor(
    public body: string | Uint8Array,
    public contentType = 'text/html; charset=utf-8',
    public status = 200,
    public headers: Record<string, string> = {},
  ) {}
}

export function defineFake(slice: FakeSlice): FakeSlice {
  return slice
}

/** A WebSocket-speaking service mounted on the harness's HTTP server at a path. */
export interface UpgradeService {
  path: string
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  close(): void
}
