// A test rig for the calls screens: the whole app (createTestKernel) with the calls plugin,
// answered by the real harness slice (fake.ts) in fake time, its pushes delivered through the
// kernel's push bus, and RTC and IM doubles. A test drives a call as a user would.
import { act } from 'react'
import * as assert from 'uvu/assert'
import { signal } from '@preact/signals-react'
import { createTestKernel, fake, serverCode, type Fake, type TestKernel } from '../../../kernel/testing.tsx'
import { definePlugin } from '../../../kernel/plugin.ts'
import type { PluginEntry } from '../../../kernel/types.ts'
import type { ImClient, ImEvents, ImMessage } from '../../../kernel/im/types.ts'
import { EndpointError } from '../../../harness/slice-kit.ts'
import { fakeTimers } from '../../../test/fake-timers.ts'
import { waitFor } from '../../../test/wait.ts'
import { rechargeRef, type RechargeOpenOptions } from '../../recharge/api.ts'
import { fakeRtc, rtcUidOf } from '../engine/testkit.ts'
import { createCallsFake } from '../fake.ts'
import { callEndpoint, testContext, VIEWER } from '../fake/testkit.ts'
import { createCallsPlugin } from '../index.ts'
import { callsServiceRef } from '../service.ts'
import { CallStatus } from '../api.ts'

function fakeIm() {
  const sent: Array<{ to: string; text: string }> = []
  const handlers = new Set<(m: ImMessage) => void>()
  let fail = false
  const client = {
    sendText: async (to: string, text: string) => {
      if (fail) throw new Error('not connected')
      sent.push({ to, text })
      return { messageClientId: `m${sent.length}`, senderId: 'user_100001', conversationId: to, text, messageType: 0, createTime: 0 }
    },
    on(ev: keyof ImEvents, fn: (m: any) => void) {
      if (ev !== 'message') return () => {}
      handlers.add(fn)
      return () => void handlers.delete(fn)
    },
  } as unknown as ImClient
  return {
    client,
    sent,
    failSends: (v = true) => void (fail = v),
    receive: (from: string, text: string) => act(() => handlers.forEach((fn) => fn({ messageClientId: `r${Math.random()}`, senderId: from, conversationId: from, text, messageType: 0, createTime: 0 }))),
  }
}

export interface UiRigOptions {
  balance?: number
  path?: string
  locale?: 'en' | 'ar'
  recharge?: boolean
  settings?: Record<string, unknown>
  fakes?: Fake[]
  /** endpoints of other plugins' slices, answered by the test */
  endpoints?: Record<string, (payload: any) => unknown>
  /** stand-in pages of other plugins (e.g. the live room) */
  pages?: string[]
  /** other plugins mounted beside calls (e.g. the wall, for its host store) */
  plugins?: PluginEntry[]
}

/** the rig of the running test, disposed by cleanup() even when the test failed half-way */
let current: { dispose(): void } | null = null

export function cleanup() {
  current?.dispose()
  current = null
  document.body.innerHTML = ''
}

export async function uiRig(o: UiRigOptions = {}) {
  cleanup()
  const timers = fakeTimers()
  const slice = createCallsFake({ timers })
  const rtc = fakeRtc()
  const im = fakeIm()
  const subscribed: string[] = []
  const subscribe = rtc.client.subscribe
  rtc.client.subscribe = async (uid, el) => {
    subscribed.push(uid)
    return subscribe(uid, el)
  }
  let tk: TestKernel | null = null
  const t = testContext(o.settings ?? {}, {
    onPush(userId, pushType, data) {
      // off a socket, a moment later
      if (userId === VIEWER) queueMicrotask(() => tk?.push(pushType, data))
    },
  })
  const uidOf = rtcUidOf(t.ctx)
  t.ctx.rtc = {
    hostJoin: (channel, uid) => queueMicrotask(() => rtc.remoteJoin(channel, uidOf(uid))),
    hostLeave: (channel, uid) => queueMicrotask(() => rtc.remoteLeave(channel, uidOf(uid))),
    setQuality: (channel, q) => queueMicrotask(() => rtc.quality(channel, q)),
    channels: () => rtc.channels(),
  }
  const balance = o.balance ?? 1000
  t.db.get('users').find({ userId: VIEWER }).assign({ diamondNum: balance }).write()
  t.db.set('ledgerOpening', t.db.get('users').value().map((u: any) => ({ userId: u.userId, balance: u.diamondNum }))).write()

  const recharges: RechargeOpenOptions[] = []
  const fakes: Fake[] = [...(o.fakes ?? [])]
  if (o.recharge) fakes.push(fake(rechargeRef, { open: async (opts) => void recharges.push(opts) }))

  tk = createTestKernel({
    plugins: [
      createCallsPlugin({ timers, rtc: async () => rtc.client, im: async () => im.client }),
      ...(o.plugins ?? []),
      ...(o.pages ? [definePlugin({ id: 'pages', routes: o.pages.map((path) => ({ path, page: async () => ({ default: () => <p data-testid={`page${path.replace(/\//g, '-')}`} /> }) })) })] : []),
    ],
    path: o.path ?? '/wall',
    token: 'token-100001',
    locale: o.locale,
    fakes,
    api: async (path, payload, headers) => {
      if (o.endpoints?.[path]) return o.endpoints[path](payload)
      try {
        return (await callEndpoint(slice, t.ctx, path, payload, VIEWER, headers)) ?? null
      } catch (e) {
        if (e instanceof EndpointError) return serverCode(e.code, e.message)
        throw e
      }
    },
  })
  tk.kernel.session.setUser({ userId: VIEWER, nickname: 'viewer', icon: '', diamondNum: balance, yxAccid: 'user_100001' })
  const service = tk.kernel.need(callsServiceRef)
  const k = tk
  current = { dispose: () => k.dispose() }
  const view = await tk.render()
  // lazy pages and overlays load over several rounds
  await k.settle()

  const $ = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
  const $$ = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)]
  return {
    tk: k,
    kernel: k.kernel,
    service,
    engine: service.engine,
    timers,
    slice,
    rtc,
    im,
    subscribed,
    recharges,
    view,
    ...t,
    $,
    $$,
    control: (name: string, body: unknown = {}) => slice.control![name](t.ctx, body, new URLSearchParams()),
    /** move fake time, letting requests, pushes and renders run */
    async advance(ms: number, step = 1000) {
      for (let left = ms; left > 0; left -= step) {
        await act(async () => {
          await timers.tickAsync(Math.min(step, left))
        })
        await k.settle()
      }
      await k.settle()
    },
    /** the element once it shows: a lazy overlay's first load takes real time */
    find: (id: string) => waitFor(() => $(id), { what: `[data-testid="${id}"]` }),
    async click(id: string) {
      const el = await waitFor(() => $(id), { what: `[data-testid="${id}"] to click` })
      await act(async () => el.click())
      await k.settle()
    },
    sent: (path: string) => k.requests.filter((r) => r.path === path).map((r) => r.payload),
    dispose: cleanup,
  }
}

export type UiRig = Awaited<ReturnType<typeof uiRig>>

/** A hosts service double whose status signal the test moves, as the wall's pushes would. */
export function hostsDouble(initial: 'online' | 'busy' | 'live' | 'offline') {
  const status = signal<'online' | 'busy' | 'live' | 'offline' | undefined>(initial)
  return { status, service: { statusOf: () => status, getHost: () => undefined, setStatus: () => {}, track: () => {}, remember: () => null, countryOf: () => undefined } }
}

/** Type into an input the way React listens for it. */
export function typeInto(el: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  act(() => {
    setter.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Place a direct call to a host who accepts (3 s), and let its begin-call answer and the lazy call screen load. */
export async function connect(r: UiRig, hostId = 200001) {
  // placing changes what shows (the waiting screen): all of it inside act
  let placed = false
  await act(async () => void (placed = await r.service.start({ hostId, videoPrice: 100 })))
  await r.tk.settle()
  assert.ok(placed, 'the call was placed')
  await r.advance(3000)
  assert.is(r.engine.info.value.status, CallStatus.CALLING_ING)
  await r.tk.settle()
}
