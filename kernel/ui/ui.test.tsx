import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { KernelContext } from '../hooks.ts'
import { Avatar } from './Avatar.tsx'
import { Button, leadingDebounce } from './Button.tsx'
import { EmptyState, ErrorState } from './States.tsx'
import { PageBar } from './PageBar.tsx'
import { Sheet } from './Sheet.tsx'
import { click, fakeKernel, installFakeTimers, render } from './testing.tsx'

test('SHELL-18 Button debounceMs ignores taps for that long after one is handled', async () => {
  const timers = installFakeTimers()
  let taps = 0
  try {
    const r = await render(<Button testId="b" debounceMs={1000} onClick={() => taps++}>Pay</Button>)
    await click(r.get('b'))
    await click(r.get('b'))
    assert.is(taps, 1)
    timers.tick(1000)
    await click(r.get('b'))
    assert.is(taps, 2)
    r.unmount()
  } finally {
    timers.restore()
  }
})

test('leadingDebounce runs the first call and drops calls within the window', () => {
  let t = 0
  const seen: number[] = []
  const f = leadingDebounce((n: number) => seen.push(n), 1000, () => t)
  f(1)
  t = 500
  f(2)
  t = 1000
  f(3)
  assert.equal(seen, [1, 3])
})

test('Button: loading shows a spinner and ignores taps; variants map to classes', async () => {
  let taps = 0
  const r = await render(
    <>
      <Button testId="l" loading onClick={() => taps++}>Wait</Button>
      <Button testId="s" variant="secondary" size="small" block>Go</Button>
    </>,
  )
  await click(r.get('l'))
  assert.is(taps, 0)
  assert.is(r.get('l')?.getAttribute('aria-busy'), 'true')
  assert.ok(r.get('l')?.querySelector('.k-spinner'))
  assert.is(r.get('s')?.className, 'k-btn k-btn--secondary k-btn--small k-btn--block')
  assert.is(r.get('s')?.getAttribute('type'), 'button', 'never submits a form by accident')
  r.unmount()
})

test('Avatar falls back from the picture to the initial to an icon', async () => {
  const r = await render(
    <>
      <div data-testid="a1"><Avatar src="https://img.example/u.png" name="lina" /></div>
      <div data-testid="a2"><Avatar name="  سارة" /></div>
      <div data-testid="a3"><Avatar /></div>
    </>,
  )
  const img = r.get('a1')!.querySelector('img')!
  assert.ok(img)
  await act(async () => void img.dispatchEvent(new Event('error')))
  assert.is(r.get('a1')!.querySelector('img'), null)
  assert.is(r.get('a1')!.textContent, 'L')
  assert.is(r.get('a2')!.textContent, 'س')
  assert.ok(r.get('a3')!.querySelector('svg'))
  r.unmount()
})

test('EmptyState, ErrorState and Sheet render their parts', async () => {
  const kernel = fakeKernel()
  let retried = 0
  let closed = 0
  const r = await render(
    <KernelContext.Provider value={kernel}>
      <EmptyState title="No hosts" message="Pull to refresh" action={<button data-testid="act" />} />
      <ErrorState title="Failed" retryLabel="Retry" onRetry={() => retried++} />
      <Sheet title="Recharge" onClose={() => closed++}>
        <p data-testid="body">items</p>
      </Sheet>
    </KernelContext.Provider>,
  )
  assert.match(r.get('empty-state')!.textContent!, 'No hosts')
  assert.ok(r.get('act'))
  await click(r.get('error-state-retry'))
  assert.is(retried, 1)
  assert.is(r.get('sheet-close')?.getAttribute('aria-label'), 'Close', 'the kernel\'s word')
  await click(r.get('sheet-close'))
  assert.is(closed, 1)
  assert.ok(r.get('body'))
  r.unmount()
  kernel.dispose()
})

test('SHELL-05 the page bar goes back in the app, or to the main path when there is no history', async () => {
  // opened straight into /getcoin (a deep link): nothing in the app lies behind it
  const kernel = fakeKernel({ path: '/getcoin', mainPath: '/wall' })
  const r = await render(
    <KernelContext.Provider value={kernel}>
      <PageBar title="Recharge" end={<button data-testid="bar-end" />} />
    </KernelContext.Provider>,
  )
  assert.is(r.get('page-bar')?.querySelector('h1')?.textContent, 'Recharge')
  assert.ok(r.get('page-bar')?.contains(r.get('bar-end')), 'the end slot sits in the bar')
  assert.is(r.get('page-back')?.getAttribute('aria-label'), 'Back')
  await click(r.get('page-back'))
  assert.is(kernel.router.path.value, '/wall', 'to the main path')
  assert.not.ok(kernel.router.canGoBack?.(), 'replacing /getcoin, so back cannot return to it')

  // reached from inside the app: back returns to the page before
  kernel.router.navigate('/vip')
  kernel.router.navigate('/vip/vip-records')
  await click(r.get('page-back'))
  assert.is(kernel.router.path.value, '/vip')
  await click(r.get('page-back'))
  assert.is(kernel.router.path.value, '/wall')
  r.unmount()
  kernel.dispose()
})

test('SHELL-05 the page bar: onBack replaces the default; a router without canGoBack goes home', async () => {
  const kernel = fakeKernel({ path: '/a', mainPath: '/wall' })
  kernel.router.navigate('/b')
  let backs = 0
  const r = await render(
    <KernelContext.Provider value={kernel}>
      <PageBar title="Custom" onBack={() => backs++} />
    </KernelContext.Provider>,
  )
  await click(r.get('page-back'))
  assert.is(backs, 1)
  assert.is(kernel.router.path.value, '/b', 'the router was left alone')
  r.unmount()

  const bare = { ...kernel.router, canGoBack: undefined }
  const other = { ...kernel, router: bare }
  const r2 = await render(
    <KernelContext.Provider value={other}>
      <PageBar title="Old router" />
    </KernelContext.Provider>,
  )
  await click(r2.get('page-back'))
  assert.is(kernel.router.path.value, '/wall', 'unknown history counts as none: never leave the app')
  r2.unmount()
  kernel.dispose()
})

test('SHELL-12 the back icon mirrors in Arabic (right to left)', async () => {
  const kernel = fakeKernel()
  const r = await render(
    <KernelContext.Provider value={kernel}>
      <div dir="rtl" data-testid="rtl">
        <PageBar title="إعادة الشحن" />
      </div>
      <div dir="ltr" data-testid="ltr">
        <PageBar title="Recharge" />
      </div>
    </KernelContext.Provider>,
  )
  const icon = (id: string) => r.get(id)!.querySelector('[data-testid=page-back] svg')!
  assert.ok(icon('rtl').classList.contains('k-icon-flip'))
  assert.match(getComputedStyle(icon('rtl')).transform, 'scaleX(-1)')
  assert.not.match(getComputedStyle(icon('ltr')).transform, 'scaleX(-1)')
  r.unmount()
  kernel.dispose()
})

test.run()
