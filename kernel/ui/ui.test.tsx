import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { KernelContext } from '../hooks.ts'
import { Avatar, Button, EmptyState, ErrorState, Sheet, leadingDebounce } from './index.ts'
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
  assert.is(r.get('sheet-close')?.getAttribute('aria-label'), 'Close', 'falls back to English when i18n lacks the key')
  await click(r.get('sheet-close'))
  assert.is(closed, 1)
  assert.ok(r.get('body'))
  r.unmount()
  kernel.dispose()
})

test.run()
