// Test support shared by the shell tests: stand-in tab pages, a fake backend with a logged-in
// user, and DOM helpers (find by test id, click, type into a React input).
import { act } from 'react'
import { createTestKernel, type FakeApi, type TestKernelOptions } from '../../kernel/testing.tsx'
import type { Plugin } from '../../kernel/types.ts'
import { defaultTabs, wellKnownPaths } from '../../apps/tabs.ts'
import { createShellPlugin } from './index.ts'

const pageOf = (id: string) => () => Promise.resolve({ default: () => <p data-testid={`page-${id}`}>{id}</p> })

/** Routes standing in for the tab plugins: home, wall, moments open; message and user need login. */
export const standInPages: Plugin = {
  id: 'pages',
  routes: [
    { path: '/', page: pageOf('home') },
    { path: '/wall', page: pageOf('wall') },
    { path: '/moments', page: pageOf('moments') },
    { path: '/message', page: pageOf('message'), auth: true },
    { path: '/user', page: pageOf('user'), auth: true },
    { path: '/detail', page: pageOf('detail') },
    { path: '/getcoin', page: pageOf('getcoin') },
  ],
}

const testUser = { userId: 100001, nickname: 'Ann', icon: '', diamondNum: 5000, yxAccid: 'user_100001', imToken: 'im-100001' }

export interface Backend {
  baseConfig?: () => unknown
  followTotal?: number
  hasClaimable?: boolean
  login?: FakeApi
}

/** A fake backend answering the shell's calls; anything else is refused as unknown. */
export function backend(b: Backend = {}): FakeApi {
  return (path, payload, headers) => {
    switch (path) {
      case '/api/index/v2/getBaseConfigForIntoBag':
        return b.baseConfig ? b.baseConfig() : { forcePayConfig: { isFinished: true } }
      case '/api/user/getUserInfo':
        return headers.loginToken ? testUser : { code: 'x' }
      case '/api/user/userFriend':
        return { list: [], currentPage: 1, pageSize: 200, total: b.followTotal ?? 0 }
      case '/api/userTask/get':
        return { list: [], hasClaimable: b.hasClaimable ?? false }
      case '/api/login/v2/email':
        return b.login ? b.login(path, payload, headers) : { token: 'tok-1', deviceId: 'dev-9', yxAccid: 'user_100001', imToken: 'im-100001' }
      default:
        return undefined
    }
  }
}

/** The shell with stand-in pages and the default app's tabs; base config retries do not wait. */
export function shellKernel(o: Partial<TestKernelOptions> & { backend?: Backend } = {}) {
  return createTestKernel({
    plugins: [createShellPlugin({ retry: { wait: async () => undefined } }), standInPages],
    settings: { tabs: defaultTabs, mainPath: '/wall', wellKnownPaths },
    api: backend(o.backend),
    ...o,
  })
}

export const byId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)

export async function click(id: string | HTMLElement | null) {
  const el = typeof id === 'string' ? byId(id) : id
  if (!el) throw new Error(`nothing to click: ${String(id)}`)
  await act(async () => el.click())
}

/** Set an input's value the way a user would, so React's onChange sees it. */
export async function type(id: string, value: string) {
  const el = byId(id) as HTMLInputElement | null
  if (!el) throw new Error(`no input ${id}`)
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Submit a form (a click on a submit button does not submit under happy-dom in every version). */
export async function submit(id: string) {
  const form = byId(id) as HTMLFormElement | null
  if (!form) throw new Error(`no form ${id}`)
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
  })
}
