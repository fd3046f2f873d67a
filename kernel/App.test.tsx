import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act, type ReactNode } from 'react'
import { KernelApp, mountApp } from './App.tsx'
import { useRoute, useT } from './hooks.ts'
import { fakeKernel, render } from './ui/testing.tsx'
import { settle } from '../test/wait.ts'
import type { Plugin } from './types.ts'

const frame: Plugin = {
  id: 'shell',
  frame: ({ children }: { children: ReactNode }) => (
    <div data-testid="frame">
      <header data-testid="header" />
      {children}
    </div>
  ),
  widgets: [() => <i data-testid="widget-a" />, () => <i data-testid="widget-b" />],
  routes: [{ path: '/wall', page: () => Promise.resolve({ default: () => <p data-testid="page">wall</p> }) }],
}

test('KernelApp renders the frame around the routed page, the widgets and the overlay host', async () => {
  const kernel = fakeKernel({ plugins: [frame], path: '/wall' })
  const r = await render(<KernelApp kernel={kernel} />)
  await settle()
  assert.ok(r.get('frame')?.contains(r.get('page')), 'the page is inside the frame')
  assert.ok(r.get('widget-a') && r.get('widget-b'))
  await act(async () => kernel.overlays.toast('hello'))
  assert.is(r.get('toast')?.textContent, 'hello')
  r.unmount()
  kernel.dispose()
})

test('useT re-renders on locale change and useRoute follows navigation', async () => {
  let renders = 0
  function Probe() {
    const t = useT()
    const { path, search } = useRoute()
    renders++
    return <p data-testid="probe">{`${t('x')}|${path}|${search.get('q') ?? ''}`}</p>
  }
  const kernel = fakeKernel({ path: '/a?q=1' })
  const base = kernel.i18n.t
  kernel.i18n.t = (key) => `${kernel.locale.peek()}:${base(key)}`
  const r = await render(
    <KernelApp kernel={{ ...kernel, plugins: [{ id: 'p', widgets: [Probe] }] }} />,
  )
  assert.is(r.get('probe')?.textContent, 'en:x|/a|1')
  await act(async () => kernel.i18n.setLocale('ar'))
  assert.is(r.get('probe')?.textContent, 'ar:x|/a|1')
  await act(async () => kernel.router.navigate('/b?q=2'))
  assert.is(r.get('probe')?.textContent, 'ar:x|/b|2')
  assert.ok(renders >= 3)
  r.unmount()
  kernel.dispose()
})

test('mountApp renders into the element, adds the base style and unmounts', async () => {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const kernel = fakeKernel({ plugins: [frame], path: '/wall' })
  let unmount!: () => void
  await act(async () => void (unmount = mountApp(kernel, el)))
  await settle()
  assert.ok(el.querySelector('[data-testid="page"]'))
  assert.ok([...document.head.querySelectorAll('style')].some((s) => s.textContent?.includes('--app-width')))
  act(() => unmount())
  assert.is(el.innerHTML, '')
  el.remove()
  kernel.dispose()
})

test.run()
