// Hostile payloads against the whole app (every plugin of the default app, answered by the real
// harness): seeded, bounded fuzzing of pushes and API answers. Each storm must leave no uncaught
// error, no crashed page or overlay, no script run, no polluted prototype, and working handlers.
// FUZZ_SEED replays a run; the counts of what was tried and dropped are printed.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import app from './default.ts'
import { GameOverlay } from '../plugins/game/api.ts'
import { RankOverlay } from '../plugins/rank/api.ts'
import { createTestKernel, serverCode, type TestKernel } from '../kernel/testing.tsx'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../harness/testing.ts'
import { settle, waitFor } from '../test/wait.ts'
import { createHarnessIm } from '../kernel/im/harness.ts'
import type { ImClient } from '../kernel/im/types.ts'
import { safeImageUrl } from '../kernel/url.ts'
import { giveSizes } from '../test/layout.ts'
import { hostile, inertDom, LEAKED, mutate, mutateDeep, prototypeKeys, rng, untouched, type Rng } from '../test/fuzz.ts'

const SEED = Number(process.env.FUZZ_SEED) || 1717
const VIEWER = 100001
/** a host on the wall's first page (set once it shows) */
let HOST = 200001

/** the app's problems during a storm: uncaught errors, crashed pages or overlays, failed handlers */
function watchProblems() {
  const problems: string[] = []
  const dropped = new Map<string, number>()
  const { warn, error } = console
  console.warn = (...a: unknown[]) => {
    const m = /dropped malformed (?:push |answer of )?(\S+)/.exec(String(a[0]))
    if (m) dropped.set(m[1], (dropped.get(m[1]) ?? 0) + 1)
  }
  console.error = (...a: unknown[]) => {
    const text = a.map((x) => (x instanceof Error ? x.stack : String(x))).join(' ')
    // a failed request is the app's normal error path; a crash or a throwing handler is not
    if (/page crashed|overlay .* failed|push handler .* failed|failed$|TypeError|RangeError/.test(text)) problems.push(text.slice(0, 3000))
  }
  const onError = (e: Event) => problems.push(`window error: ${(e as ErrorEvent).message}`)
  const onRejection = (e: Event) => problems.push(`unhandled rejection: ${String((e as PromiseRejectionEvent).reason).slice(0, 300)}`)
  const onNode = (err: unknown) => problems.push(`uncaught: ${String((err as Error)?.stack ?? err).slice(0, 300)}`)
  addEventListener('error', onError)
  addEventListener('unhandledrejection', onRejection)
  process.on('uncaughtException', onNode)
  process.on('unhandledRejection', onNode)
  return {
    problems,
    dropped,
    stop() {
      Object.assign(console, { warn, error })
      removeEventListener('error', onError)
      removeEventListener('unhandledrejection', onRejection)
      process.off('uncaughtException', onNode)
      process.off('unhandledRejection', onNode)
    },
  }
}

/** the default app, logged in as the test viewer, answered by the harness (each answer may be altered) */
async function hostileApp(h: TestHarness, path: string, alter?: (path: string, data: unknown) => unknown, loadIm?: () => Promise<ImClient>): Promise<TestKernel> {
  const t = createTestKernel({
    loadIm,
    plugins: app.plugins,
    settings: app.settings,
    path,
    token: TEST_TOKEN,
    api: async (p, payload, headers) => {
      const res = await h.api(p, payload, { token: headers.loginToken ?? null })
      if (res.status !== 200) return serverCode('5000', `HTTP ${res.status}`)
      if (res.body.code !== '0000') return serverCode(res.body.code, res.body.msg ?? '')
      return alter ? alter(p, res.data) : res.data
    },
  })
  await t.render()
  await t.settle()
  return t
}

/** each problem once, by its message and the app's line that threw */
const where = (problems: string[]) => [...new Set(problems.map((p) => `${/(TypeError|RangeError|Error)[^\n]*/.exec(p)?.[0] ?? p.slice(0, 80)} @ ${/(plugins|kernel)\/[^\s)]*/.exec(p)?.[0] ?? /at (\w+)/.exec(p.slice(p.indexOf('React child')))?.[1] ?? ''}`))]

const goodPushes = (r: Rng): Array<[string, Record<string, unknown>]> => [
  ['user.balance', { diamondNum: 4321, reason: 'recharge' }],
  ['host.status', { userId: HOST, yxAccid: `host_${HOST}`, onlineStatus: r.pick([1, 10000, 3]), live: false }],
  ['call.incoming', { channelId: `ch-${r.int(1e9)}`, callUserId: HOST, beCallUserId: VIEWER, yxAccid: `host_${HOST}`, nickname: 'Mia', icon: '/__harness/avatar/h.svg', age: 22, countryCode: 'CO', levelName: 'A', userType: 2, videoPrice: 100, waitTime: 20 }],
  ['call.notify', { channelId: `ch-${r.int(1e9)}`, type: r.int(5), reason: 'busy' }],
  ['pay.usdt', { status: r.chance(0.5), orderCode: `U${r.int(1e6)}` }],
  ['notice', { attachType: r.pick([49, 50, 65, 88, 5]), sendUserNickName: 'Omar', receiveUserNickName: 'Mia', receiveUserId: HOST, giftNum: 3, totalReward: 500, smallImg: '/__harness/avatar/g.svg', text: 'hello', pushTime: Date.now() }],
]

/** dismiss what a storm may have left ringing or open, as a user would */
async function clearScreen() {
  for (const id of ['call-reject', 'confirm-cancel']) {
    const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
    if (el) await act(async () => el.click())
  }
  await settle()
}

test('NET-07 push storm: 1,400 hostile pushes of every type through the real bus into the whole app break nothing', async () => {
  const h = await startTestHarness({ plugins: undefined })
  const watch = watchProblems()
  let t: TestKernel | null = null
  try {
    t = await hostileApp(h, '/wall')
    const card = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="host-card"]'), { what: 'the wall with hosts' })
    HOST = Number(card.dataset.hostId)
    const before = prototypeKeys()
    const started = performance.now()
    const r = rng(SEED)
    const tried = new Map<string, number>()
    const PER_TYPE = 200
    const types = goodPushes(r).map(([type]) => type)
    for (let i = 0; i < PER_TYPE * types.length + 200; i++) {
      const good = goodPushes(r)
      const [type, data] = i < PER_TYPE * types.length ? good[i % good.length] : [r.pick(['', 'x', '__proto__', 'constructor', 'user.balance ', 'CALL.INCOMING', `t${r.int(100)}`]), good[0][1]]
      const cls = types.includes(type) ? type : 'unknown types'
      tried.set(cls, (tried.get(cls) ?? 0) + 1)
      t.push(type, mutate(data, r))
      // let handlers, lazy chunks and renders run between bursts
      if (i % 100 === 99) await settle()
    }
    await settle()
    await clearScreen()
    assert.equal(where(watch.problems), [], 'no uncaught error, crash or failing handler')
    assert.ok(untouched(before), 'no script ran, no prototype polluted')
    assert.is(inertDom(), null, 'nothing in the page can run')
    console.log(`  push storm (seed ${SEED}, ${Math.round(performance.now() - started)} ms): tried ${JSON.stringify(Object.fromEntries(tried))}; dropped by guards ${JSON.stringify(Object.fromEntries(watch.dropped))}`)

    // every handler still works: a good push of each kind after the storm
    await act(async () => void t!.push('user.balance', { diamondNum: 777 }))
    await waitFor(() => document.querySelector('[data-testid="header-balance"]')?.textContent?.includes('777'), { what: 'the pushed balance shown' })
    await act(async () => void t!.push('host.status', { userId: HOST, yxAccid: `host_${HOST}`, onlineStatus: 3 }))
    await waitFor(() => document.querySelector(`[data-testid="host-card"][data-host-id="${HOST}"]`)?.getAttribute('data-status') === 'offline', { what: 'the pushed status shown' })
    await act(async () => void t!.push('call.incoming', goodPushes(r)[2][1]))
    await waitFor(() => document.querySelector('[data-testid="call-incoming"]')?.textContent?.includes('Mia'), { what: 'the next good call rings' })
  } finally {
    watch.stop()
    t?.dispose()
    document.body.innerHTML = ''
    await h.close()
  }
})

test('the crashes the probe found: a number or object nickname rings a blank-named call and the next call still rings; a number level name and an object age open /detail', async () => {
  const h = await startTestHarness({ plugins: undefined })
  const watch = watchProblems()
  let t: TestKernel | null = null
  try {
    t = await hostileApp(h, '/wall', (path, data) =>
      path === '/api/index/getUserDetail' && data && typeof data === 'object' ? { ...data, levelName: 7, anchorLevelName: 7, age: { a: 1 } } : data,
    )
    const card = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="host-card"]'), { what: 'the wall' })
    const host = Number(card.dataset.hostId)
    const call = (channelId: string, nickname: unknown) => ({ channelId, callUserId: host, beCallUserId: VIEWER, yxAccid: `host_${host}`, nickname, icon: 'javascript:alert(1)', age: { a: 1 }, levelName: 7, waitTime: typeof nickname === 'string' ? 20 : 1 })
    for (const [i, nickname] of [7, { first: 'x' }].entries()) {
      await act(async () => void t!.push('call.incoming', call(`odd-${i}`, nickname)))
      const popup = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="call-incoming"]'), { what: 'the odd call rings' })
      assert.not.match(popup.textContent ?? '', LEAKED)
      assert.is(inertDom(), null)
      // it rings its 1 s and is missed, as a call the user let go
      await waitFor(() => !document.querySelector('[data-testid="call-incoming"]'), { what: 'the popup closes' })
    }
    await act(async () => void t!.push('call.incoming', call('good', 'Mia')))
    await waitFor(() => document.querySelector('[data-testid="call-incoming"]')?.textContent?.includes('Mia'), { what: 'the next call rings' })
    await act(async () => document.querySelector<HTMLElement>('[data-testid="call-reject"]')!.click())

    await act(async () => t!.location.navigate(`/detail?id=${host}`))
    await waitFor(() => document.querySelector('[data-testid="detail"]')?.textContent?.includes(card.querySelector('.wl-card__nick')?.textContent ?? '?'), { what: 'the profile' })
    assert.not.match(document.querySelector('[data-testid="detail"]')!.textContent ?? '', LEAKED)
    assert.equal(where(watch.problems), [])
  } finally {
    watch.stop()
    t?.dispose()
    document.body.innerHTML = ''
    await h.close()
  }
})

const ROUNDS = Number(process.env.FUZZ_ROUNDS) || 4
const PAGES = ['/wall', '/', '/detail?id=HOST', '/callRecords', '/moments', '/moments-detail?id=1', '/message', '/user', '/getcoin', '/getcoin/diamond-records', '/proxyCharge', '/vip', '/vip/vip-records', '/personal/userLevel', '/landingPage', '/forcePay', '/customer', '/gameCenter', '/gameRank', '/free', '/rank', '/searchHost', '/friends', '/blocklist', '/collect', '/card?id=HOST']
/** the popups that load their own answers (rankings, the user card, the weekly task, the game list, the gift panel) */
const POPUPS: Array<[string, Record<string, unknown>]> = [
  [RankOverlay.viewers, { hostId: 200001 }],
  [RankOverlay.host, { hostId: 200001 }],
  [RankOverlay.task, { hostId: 200001 }],
  [RankOverlay.card, { userId: 200001 }],
  [GameOverlay.list, {}],
  ['gift.panel', { scene: 'LIVE', hostId: 200001 }],
]

test('hostile answers: every page the app opens, fed rounds of fuzzed API answers from the harness, never crashes, runs no script and prints no [object Object], NaN or undefined', async () => {
  const h = await startTestHarness({ plugins: undefined })
  const watch = watchProblems()
  const r = rng(SEED + 1)
  let fuzz = true
  const answers = { fuzzed: 0, kept: 0 }
  const byPath = new Map<string, number>()
  let t: TestKernel | null = null
  try {
    t = await hostileApp(h, '/wall', (path, data) => {
      if (!fuzz || r.chance(0.1)) return answers.kept++, data
      answers.fuzzed++
      byPath.set(path, (byPath.get(path) ?? 0) + 1)
      return mutateDeep(data, r)
    })
    const before = prototypeKeys()
    const leaks: string[] = []
    const visit = async (page: string) => {
      await act(async () => t!.location.navigate(page.replace('HOST', '200001')))
      await settle()
      const text = document.body.textContent ?? ''
      const m = LEAKED.exec(text)
      if (m) leaks.push(`${page}: ...${text.slice(Math.max(0, m.index - 60), m.index + 20)}`)
      const bad = inertDom()
      if (bad) leaks.push(`${page}: ${bad}`)
    }
    const popup = async ([id, props]: [string, Record<string, unknown>]) => {
      await act(async () => void t!.kernel.overlays.open(id, props))
      await settle()
      const text = document.body.textContent ?? ''
      const m = LEAKED.exec(text)
      if (m) leaks.push(`${id}: ...${text.slice(Math.max(0, m.index - 60), m.index + 20)}`)
      const bad = inertDom()
      if (bad) leaks.push(`${id}: ${bad}`)
      await act(async () => t!.kernel.overlays.close(id))
      await clearScreen()
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of PAGES) await visit(page)
      await visit('/wall')
      for (const p of POPUPS) await popup(p)
    }
    assert.equal(where(watch.problems), [], 'no uncaught error, crash or failing handler')
    assert.equal(leaks.slice(0, 5), [], 'nothing printed that was not text, nothing that can run')
    assert.ok(untouched(before), 'no script ran, no prototype polluted')
    console.log(`  answer fuzz (seed ${SEED + 1}): ${answers.fuzzed} answers fuzzed over ${byPath.size} API paths (${answers.kept} kept), ${PAGES.length * ROUNDS} page visits, ${POPUPS.length * ROUNDS} popups; dropped by guards ${JSON.stringify(Object.fromEntries(watch.dropped))}`)

    // nothing is left broken: with good answers again every page draws without an error state (a page
    // that kept the error of its last fuzzed answer loads after its Retry, as a user would tap it)
    fuzz = false
    for (const page of ['/wall', '/detail?id=HOST', '/user']) {
      await visit(page)
      for (const retry of document.querySelectorAll<HTMLElement>('[data-testid$="-error-retry"], [data-testid="error-state"] button')) await act(async () => retry.click())
      await settle()
      const errors = [...document.querySelectorAll('[data-testid$="-error"], [data-testid="error-state"]')].map((el) => el.getAttribute('data-testid'))
      assert.equal(errors, [], `${page} loads again`)
    }
  } finally {
    watch.stop()
    t?.dispose()
    document.body.innerHTML = ''
    await h.close()
  }
})

/**
 * A messaging server speaking the harness IM protocol (kernel/im/protocol.ts) over a socket in
 * memory: login and acks succeed, the conversation list and the history are whatever the test
 * gives, and the test sends any frame as an event.
 */
function imServer(answers: { conversations: () => unknown; history: () => unknown }) {
  let socket: ImSocket | null = null
  class ImSocket {
    readyState = 1
    onopen: ((ev: unknown) => void) | null = null
    onmessage: ((ev: { data: unknown }) => void) | null = null
    onclose: ((ev: unknown) => void) | null = null
    onerror: ((ev: unknown) => void) | null = null
    constructor() {
      socket = this
      queueMicrotask(() => this.onopen?.({}))
    }
    send(text: string) {
      const req = JSON.parse(text) as { id: number; op: string }
      const data = req.op === 'conversations' ? answers.conversations() : req.op === 'history' ? answers.history() : null
      queueMicrotask(() => this.onmessage?.({ data: JSON.stringify({ id: req.id, ok: true, data }) }))
    }
    close() {
      this.readyState = 3
    }
  }
  return {
    load: async (): Promise<ImClient> => createHarnessIm({ url: 'ws://im.test/im', WebSocket: ImSocket }),
    /** one frame as the server would send it (any text) */
    frame: (raw: string) => socket?.onmessage?.({ data: raw }),
  }
}

/** the attachments a probe tries: missing, invalid and script URLs, huge numbers, wrong types, nesting, __proto__ */
const hostileAttachments = (r: Rng): unknown[] => [
  undefined,
  {},
  { url: 'javascript:alert(1)' },
  { url: ' JaVaScRiPt:globalThis.__fuzzPwned=1' },
  { url: '//evil.example/x.png' },
  { url: 'http://evil.example/x.png' },
  { url: 'data:text/html,<script>1</script>' },
  { url: 7, width: 1e308, height: -1 },
  { url: { nested: { url: 'https://cdn.example/a.png' } } },
  { url: ['https://cdn.example/a.png'] },
  { raw: 12 },
  { raw: 'not json {' },
  { raw: '{"__proto__":{"polluted":"yes"},"attachType":"SEND_GIFT","giftImg":"javascript:alert(1)","giftName":{"a":1},"giftNum":1e308}' },
  { raw: JSON.stringify({ attachType: 'SEND_GIFT', giftImg: 'https://cdn.example/g.png', giftName: '<img src=x onerror=alert(1)>', giftNum: -5 }) },
  { raw: JSON.stringify({ attachType: { toString: 1 }, constructor: { prototype: { polluted: 'yes' } } }) },
  JSON.parse('{"__proto__":{"polluted":"yes"},"url":"https://cdn.example/a.png"}'),
  'a string',
  [1, 2, 3],
  { length: 1e9 },
  hostile(r),
]

test('IM-02 NET-07 hostile IM messages: attachments with script, foreign or missing URLs, huge numbers, wrong types, nesting and __proto__, in the inbox and the chat, render as neutral placeholders; nothing crashes or runs, and a good message still shows', async () => {
  const h = await startTestHarness({ plugins: undefined })
  const watch = watchProblems()
  const r = rng(SEED + 2)
  let me = 'user'
  let peer = `host_${HOST}`
  let n = 0
  const good = (): Record<string, unknown> => {
    const base = { messageClientId: `m${++n}`, senderId: peer, conversationId: `${me}|1|${peer}`, createTime: Date.now() - 1000 + n }
    return r.pick([
      { ...base, messageType: 0, text: 'hello' },
      { ...base, messageType: 1, attachment: { url: 'https://cdn.example/a.png', width: 100, height: 80 } },
      { ...base, messageType: 100, attachment: { raw: JSON.stringify({ attachType: 'SEND_GIFT', giftImg: '/g.png', giftName: 'Rose', giftNum: 3 }) } },
      { ...base, messageType: 100, attachment: { raw: JSON.stringify({ attachType: 'MISSED_CALLS_RECORD' }) } },
      { ...base, messageType: 10, text: 'a tip' },
      { ...base, messageType: 12, serverExtension: JSON.stringify({ viewFlag: 4, data: { diamondNum: 500 } }) },
    ])
  }
  const attachments = hostileAttachments(r)
  const hostileMessage = (): unknown => {
    const m = good()
    if (r.chance(0.6)) return { ...m, messageType: r.pick([1, 100, 0, 12, 7, -1, 99]), attachment: r.pick(attachments), serverExtension: r.pick([undefined, '{"viewFlag":4,"data":{"diamondNum":1e308}}', '{"__proto__":{"polluted":"yes"}}', 'x', 5]) }
    return r.chance(0.1) ? hostile(r) : mutate(m, r)
  }
  const tried = { history: 0, conversations: 0, frames: 0 }
  const server = imServer({
    history: () => Array.from({ length: 40 }, () => (tried.history++, hostileMessage())),
    conversations: () =>
      Array.from({ length: 20 }, (_, i) => {
        tried.conversations++
        const c = { conversationId: `${me}|1|host_${200001 + i}`, to: `host_${200001 + i}`, lastMessage: hostileMessage(), unreadCount: r.pick([1, -1, 1e308, '3', { a: 1 }]), updateTime: Date.now() - i }
        return r.chance(0.3) ? mutate(c, r) : c
      }),
  })
  let t: TestKernel | null = null
  // the inbox and the chat are virtual lists: with no layout they would draw no row to fuzz
  const restoreLayout = giveSizes({
    '[data-testid=message-list] > li': { width: 390, height: 72 },
    '[data-testid=talk-list]': { width: 390, height: 640, scrollHeight: 100_000 },
    '[data-testid=talk-list] [data-index]': { width: 366, height: 41 },
  })
  try {
    t = await hostileApp(h, '/wall', undefined, server.load)
    const card = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="host-card"]'), { what: 'the wall' })
    HOST = Number(card.dataset.hostId)
    const user = await waitFor(() => t!.kernel.session.user.peek(), { what: 'the user' })
    me = user.yxAccid
    peer = `host_${HOST}`
    const before = prototypeKeys()
    const leaks: string[] = []
    const look = (where: string) => {
      const text = document.body.textContent ?? ''
      const m = LEAKED.exec(text)
      if (m) leaks.push(`${where}: ...${text.slice(Math.max(0, m.index - 60), m.index + 20)}`)
      const bad = inertDom()
      if (bad) leaks.push(`${where}: ${bad}`)
      for (const img of document.querySelectorAll('img')) {
        const src = img.getAttribute('src') ?? ''
        if (src !== safeImageUrl(src)) leaks.push(`${where}: img ${src.slice(0, 60)}`)
      }
    }
    const storm = async (where: string, count: number) => {
      for (let i = 0; i < count; i++) {
        tried.frames++
        const roll = r.next()
        const frame =
          roll < 0.8
            ? JSON.stringify({ event: 'message', data: hostileMessage() })
            : roll < 0.9
              ? JSON.stringify({ event: 'conversations-changed', data: r.pick([null, { length: 1e9 }, [hostileMessage()], [{ conversationId: `${me}|1|${peer}`, lastMessage: hostileMessage(), unreadCount: 1e308 }]]) })
              : r.pick(['not json', '{"event":"message"}', '{"event":"error","data":null}', '{"__proto__":{"polluted":"yes"},"event":"message","data":{"__proto__":{"polluted":"yes"}}}', 'null', '[]', '{"id":"1","ok":true}'])
        await act(async () => void server.frame(frame))
        if (i % 50 === 49) {
          await settle()
          look(where)
        }
      }
      await settle()
      look(where)
    }

    await act(async () => t!.location.navigate('/message'))
    await waitFor(() => document.querySelector('[data-testid="message"]'), { what: 'the inbox' })
    await settle()
    look('inbox')
    await storm('inbox', 300)

    await act(async () => t!.location.navigate(`/talk?to=${encodeURIComponent(peer)}`))
    await settle()
    look('chat')
    await storm('chat', 300)

    assert.equal(where(watch.problems), [], 'no uncaught error, crash or failing handler')
    assert.equal(leaks.slice(0, 5), [], 'nothing printed that was not text, no picture from a refused URL, nothing that can run')
    assert.ok(untouched(before), 'no script ran, no prototype polluted')
    console.log(`  IM fuzz (seed ${SEED + 2}): ${tried.history} history messages, ${tried.conversations} conversations, ${tried.frames} frames; dropped by guards ${JSON.stringify(Object.fromEntries(watch.dropped))}`)

    // the chat still works: a good message after the storm shows
    await act(async () => void server.frame(JSON.stringify({ event: 'message', data: { messageClientId: 'after-storm', senderId: peer, conversationId: `${me}|1|${peer}`, messageType: 0, text: 'still here', createTime: Date.now() + 10_000 } })))
    // the reader goes to the end of the chat (a virtual list draws only the rows near the screen)
    const list = document.querySelector<HTMLElement>('[data-testid=talk-list]')!
    await act(async () => {
      list.scrollTop = 1e9
      list.dispatchEvent(new Event('scroll'))
    })
    await waitFor(() => document.body.textContent?.includes('still here'), { what: 'the good message after the storm' })
  } finally {
    restoreLayout()
    watch.stop()
    t?.dispose()
    document.body.innerHTML = ''
    await h.close()
  }
})

test.run()
