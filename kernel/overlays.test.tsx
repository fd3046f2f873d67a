import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act } from 'react'
import { computed, signal } from '@preact/signals-react'
import { createOverlays, DEFAULT_TOAST_MS, OverlayHost, UPDATE_DIALOG } from './overlays.tsx'
import { ConfirmDialog } from './overlay-host.tsx'
import { KernelApp } from './App.tsx'
import { KernelContext } from './hooks.ts'
import type { Kernel } from './types.ts'
import { click, fakeKernel, installFakeTimers, render } from './ui/testing.tsx'
import { settle, waitFor } from '../test/wait.ts'
import type { OverlayContext, OverlayDef, OverlayProps, Scene } from './types.ts'

const Popup = ({ props, close }: OverlayProps<{ label: string }>) => (
  <div data-testid="popup">
    {props.label}
    <button data-testid="popup-close" onClick={() => close('done')} />
  </div>
)

const queueDefs: OverlayDef[] = [
  { id: 'derivation', tier: 'modal', priority: 1, component: Popup },
  { id: 'force-comment', tier: 'modal', priority: 2, component: Popup },
  { id: 'activity', tier: 'modal', priority: 3, component: Popup, when: (c) => c.path === '/wall' },
  { id: 'discount', tier: 'modal', priority: 4, component: Popup, when: (c) => c.path === '/wall' },
  {
    id: 'auto-call',
    tier: 'modal',
    priority: 5,
    component: Popup,
    when: (c) => c.path === '/wall' && c.search.get('tab') === 'all' && !c.scene.call && !c.scene.live,
  },
]

function queueHarness(path = '/wall', search = '') {
  const ctx = signal<OverlayContext>({ path, search: new URLSearchParams(search), scene: {} })
  const overlays = createOverlays({ defs: queueDefs, context: ctx })
  const shown = () => overlays.stack.value.map((o) => o.id)
  const go = (p: string, s = '', scene: Partial<Record<'call' | 'live' | 'game', boolean>> = {}) =>
    (ctx.value = { path: p, search: new URLSearchParams(s), scene: { ...ctx.value.scene, ...scene } as Scene })
  const closeTop = () => overlays.closeKey(overlays.stack.value[0].key)
  return { overlays, shown, go, ctx, closeTop }
}

test('SHELL-17 queued popups show one at a time, lowest priority number first', () => {
  const { overlays, shown, closeTop } = queueHarness('/wall', 'tab=all')
  overlays.enqueue('auto-call')
  assert.equal(shown(), ['auto-call'], 'nothing else waits: it shows')
  overlays.enqueue('discount')
  overlays.enqueue('derivation')
  overlays.enqueue('activity')
  overlays.enqueue('force-comment')
  assert.equal(shown(), ['auto-call'], 'the showing one is not pushed aside')
  const order: string[] = []
  while (shown().length) {
    assert.is(shown().length, 1, 'never two at once')
    order.push(shown()[0])
    closeTop()
  }
  assert.equal(order, ['auto-call', 'derivation', 'force-comment', 'activity', 'discount'])
  overlays.dispose()
})

test('SHELL-17 at launch the popups arriving together show by priority, not arrival, one at a time, at most two; the rest wait', () => {
  const clock = installFakeTimers()
  try {
    const ctx = signal<OverlayContext>({ path: '/wall', search: new URLSearchParams('tab=all'), scene: {} })
    const overlays = createOverlays({ defs: queueDefs, context: ctx, launch: { gatherMs: 1500, max: 2 } })
    const shown = () => overlays.stack.value.map((o) => o.id)
    // arrival order: the lowest priority first (the special offer came before the balance transfer)
    overlays.enqueue('discount')
    clock.tick(300)
    overlays.enqueue('activity')
    overlays.enqueue('derivation')
    assert.equal(shown(), [], 'gathering what arrives with the first')
    clock.tick(1200)
    assert.equal(shown(), ['derivation'], 'the best one first')
    overlays.closeKey(overlays.stack.value[0].key)
    assert.equal(shown(), ['activity'], 'then the next by priority')
    overlays.enqueue('force-comment')
    overlays.closeKey(overlays.stack.value[0].key)
    assert.equal(shown(), [], 'two at a launch: the rest wait for a later visit')
    ctx.value = { ...ctx.value, path: '/user' }
    ctx.value = { ...ctx.value, path: '/wall' }
    assert.equal(shown(), ['force-comment'], 'a later visit of the wall: the next by priority')
    overlays.dispose()
  } finally {
    clock.restore()
  }
})

test('SHELL-17 activity, discount and auto-call wait for the wall without blocking the others', () => {
  const { overlays, shown, go, closeTop } = queueHarness('/message')
  overlays.enqueue('activity')
  overlays.enqueue('force-comment')
  assert.equal(shown(), ['force-comment'], 'a waiting higher-priority popup does not block one whose condition holds')
  closeTop()
  assert.equal(shown(), [])
  go('/wall')
  assert.equal(shown(), ['activity'], 're-evaluated on route change')
  go('/user')
  assert.equal(shown(), [], 'shown only while its condition holds')
  assert.ok(!overlays.isOpen('activity'))
  go('/wall')
  assert.equal(shown(), ['activity'], 'it comes back when the condition holds again')
  overlays.dispose()
})

test('SHELL-17 auto-call only on the All tab and not during a call or live room', () => {
  const { overlays, shown, go } = queueHarness('/wall', 'tab=new')
  overlays.enqueue('auto-call')
  assert.equal(shown(), [])
  go('/wall', 'tab=all', { call: true })
  assert.equal(shown(), [], 'not during a call')
  go('/wall', 'tab=all', { call: false, live: true })
  assert.equal(shown(), [], 'not in a live room')
  go('/wall', 'tab=all', { live: false })
  assert.equal(shown(), ['auto-call'])
  overlays.dispose()
})

test('SHELL-17 close(id) also drops a popup still waiting; unknown ids fail naming the id', async () => {
  const { overlays, shown, go } = queueHarness('/user')
  overlays.enqueue('discount')
  overlays.close('discount')
  go('/wall')
  assert.equal(shown(), [])
  assert.throws(() => overlays.enqueue('nope'), /no overlay "nope"/)
  const err = await overlays.open('nope').catch((e) => e)
  assert.match(String(err), 'no overlay "nope"')
  overlays.dispose()
})

test('overlays: open() resolves with what close() passes; tiers stack toast > system > modal > sheet > float', async () => {
  const ctx = computed<OverlayContext>(() => ({ path: '/', search: new URLSearchParams(), scene: {} }))
  const defs: OverlayDef[] = ['float', 'sheet', 'modal', 'system'].map((tier) => ({ id: tier, tier: tier as OverlayDef['tier'], component: Popup }))
  const overlays = createOverlays({ defs, context: ctx })
  const result = overlays.open('modal')
  void overlays.open('system')
  void overlays.open('float')
  void overlays.open('sheet')
  assert.equal(
    overlays.stack.value.map((o) => o.id),
    ['float', 'sheet', 'modal', 'system'],
    'rendered bottom to top',
  )
  overlays.closeKey(overlays.stack.value[2].key, 42)
  assert.is(await result, 42)
  overlays.close('system')
  assert.equal(overlays.stack.value.map((o) => o.id), ['float', 'sheet'])
  overlays.dispose()
})

test('overlays: the host renders dialogs accessibly, loads lazy ones on first open, Escape and backdrop close modal/sheet only', async () => {
  let loads = 0
  const LazyPopup = () => {
    loads++
    return Promise.resolve({ default: Popup })
  }
  const kernel = fakeKernel({
    plugins: [
      {
        id: 'demo',
        overlays: [
          { id: 'lazy', tier: 'sheet', component: LazyPopup },
          { id: 'sticky', tier: 'modal', component: Popup, dismissable: false },
        ],
      },
    ],
  })
  const r = await render(<KernelApp kernel={kernel} />)
  assert.is(loads, 0, 'nothing loads before the first open')
  let result: unknown = 'pending'
  await act(async () => void kernel.overlays.open('lazy', { label: 'hi' }).then((x) => (result = x)))
  await settle()
  assert.is(loads, 1)
  const popup = r.get('popup')
  assert.is(popup?.textContent, 'hi')
  const dialog = popup?.closest('[role="dialog"]')
  assert.ok(dialog, 'role=dialog')
  assert.is(dialog?.getAttribute('aria-modal'), 'true')
  assert.is(document.activeElement, dialog, 'focus moved in')

  await act(async () => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })))
  assert.is(r.get('popup'), null, 'Escape closed the sheet')
  assert.is(result, undefined)

  await act(async () => void kernel.overlays.open('lazy', { label: 'again' }))
  await settle()
  assert.is(loads, 1, 'loaded once')
  await click(r.get('overlay-backdrop'))
  assert.is(r.get('popup'), null, 'the backdrop closed it')

  await act(async () => void kernel.overlays.open('sticky', { label: 'stay' }))
  await act(async () => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })))
  await click(r.get('overlay-backdrop'))
  assert.is(r.get('popup')?.textContent, 'stay', 'dismissable: false keeps it')
  await click(r.get('popup-close'))
  assert.is(r.get('popup'), null)
  r.unmount()
  kernel.dispose()
})

const TwoButtons = ({ close }: OverlayProps) => (
  <div>
    <button data-testid="first">First</button>
    <button data-testid="last" onClick={() => close()}>
      Last
    </button>
  </div>
)

test('overlays: Tab and Shift+Tab go round a dialog\'s controls, and focus returns to the opener when it closes', async () => {
  const kernel = fakeKernel({ plugins: [{ id: 'demo', overlays: [{ id: 'two', tier: 'modal', component: TwoButtons }] }] })
  const r = await render(<KernelApp kernel={kernel} />)
  const opener = document.createElement('button')
  document.body.appendChild(opener)
  opener.focus()
  await act(async () => void kernel.overlays.open('two'))
  await settle()
  const tab = (el: Element | null, shiftKey = false) =>
    act(async () => void el?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true })))
  ;(r.get('last') as HTMLElement).focus()
  await tab(r.get('last'))
  assert.is(document.activeElement, r.get('first'), 'Tab on the last control goes to the first')
  await tab(r.get('first'), true)
  assert.is(document.activeElement, r.get('last'), 'Shift+Tab on the first goes to the last')
  await click(r.get('last'))
  assert.is(r.get('first'), null, 'closed')
  assert.is(document.activeElement, opener, 'focus is back on what opened it')
  opener.remove()
  r.unmount()
  kernel.dispose()
})

test('overlays: a dialog is named by its title, or by the name of the dialog its component draws', async () => {
  const Titled = (_: OverlayProps) => <h2 data-dialog-title>Check-in</h2>
  const Inner = (_: OverlayProps) => <div role="dialog" aria-label="Gifts" />
  const kernel = fakeKernel({ plugins: [{ id: 'demo', overlays: [{ id: 'titled', tier: 'modal', component: Titled }, { id: 'inner', tier: 'sheet', component: Inner }] }] })
  const r = await render(<KernelApp kernel={kernel} />)
  await act(async () => void kernel.overlays.open('titled'))
  await waitFor(() => document.querySelector('[data-overlay="titled"] [data-dialog-title]'), { what: 'the titled dialog' })
  const titled = document.querySelector('[data-overlay="titled"] .k-layer__panel')!
  assert.is(document.getElementById(titled.getAttribute('aria-labelledby') ?? '')?.textContent, 'Check-in')
  await act(async () => void kernel.overlays.open('inner'))
  await waitFor(() => document.querySelector('[data-overlay="inner"] [role="dialog"][aria-label]'), { what: 'the inner dialog' })
  assert.is(document.querySelector('[data-overlay="inner"] .k-layer__panel')?.getAttribute('aria-label'), 'Gifts')
  r.unmount()
  kernel.dispose()
})

test('SHELL-18 confirm() resolves true on OK and false on Cancel', async () => {
  const kernel = fakeKernel()
  const r = await render(<KernelApp kernel={kernel} />)
  let answer: boolean | undefined
  await act(async () => void kernel.overlays.confirm({ title: 'Leave?', message: 'The call will end', ok: 'Yes', cancel: 'No' }).then((a) => (answer = a)))
  const dialog = r.get('confirm-dialog')
  assert.ok(dialog)
  assert.match(dialog!.textContent!, 'Leave?')
  assert.match(dialog!.textContent!, 'The call will end')
  assert.is(r.get('confirm-ok')?.textContent, 'Yes')
  assert.is(dialog!.closest('[role="dialog"]')?.getAttribute('aria-labelledby'), dialog!.querySelector('h2')?.id)
  await click(r.get('confirm-ok'))
  assert.is(answer, true)
  assert.is(r.get('confirm-dialog'), null)

  await act(async () => void kernel.overlays.confirm({ message: 'Sure?' }).then((a) => (answer = a)))
  await click(r.get('confirm-cancel'))
  assert.is(answer, false)

  await act(async () => void kernel.overlays.confirm({ message: 'Only OK', cancel: null }).then((a) => (answer = a)))
  assert.is(r.get('confirm-cancel'), null, 'cancel: null hides the button')
  await click(r.get('overlay-backdrop'))
  assert.ok(r.get('confirm-dialog'), 'the backdrop does not answer a confirmation')
  await click(r.get('confirm-ok'))
  assert.is(answer, true)
  r.unmount()
  kernel.dispose()
})

test('SHELL-18 confirm buttons are debounced 1 s', async () => {
  const kernel = fakeKernel()
  const calls: unknown[] = []
  const timers = installFakeTimers()
  try {
    const r2 = await render(<Wrapped kernel={kernel} close={(x) => calls.push(x)} />)
    await click(r2.get('confirm-ok'))
    await click(r2.get('confirm-ok'))
    await click(r2.get('confirm-cancel'))
    assert.equal(calls, [true], 'taps within 1 s after the first are ignored')
    timers.tick(999)
    await click(r2.get('confirm-cancel'))
    assert.equal(calls, [true])
    timers.tick(1)
    await click(r2.get('confirm-cancel'))
    assert.equal(calls, [true, false], 'after 1 s a tap counts again')
    r2.unmount()
  } finally {
    timers.restore()
    kernel.dispose()
  }
})

test('SHELL-18 a toast raised before the code that draws toasts has arrived gets its whole time once it can be seen', async () => {
  let arrive = () => {}
  const host = () => new Promise<typeof import('./overlay-host.tsx')>((done) => (arrive = () => void import('./overlay-host.tsx').then(done)))
  const timers = installFakeTimers()
  try {
    const overlays = createOverlays({ defs: [], context: signal<OverlayContext>({ path: '/wall', search: new URLSearchParams(), scene: {} }), host })
    overlays.toast('Token invalid, please log in again', { type: 'warning' })
    timers.tick(DEFAULT_TOAST_MS * 3)
    assert.equal(overlays.toasts.value.map((t) => t.text), ['Token invalid, please log in again'], 'kept while nothing can draw it')
    arrive()
    // the timers are fake: a bounded wait on the real clock
    const until = performance.now() + 5000
    while (!overlays.host.value && performance.now() < until) await new Promise((r) => setImmediate(r))
    assert.ok(overlays.host.value, 'the host arrived')
    timers.tick(DEFAULT_TOAST_MS - 1)
    assert.is(overlays.toasts.value.length, 1, 'shown for its whole time')
    timers.tick(1)
    assert.is(overlays.toasts.value.length, 0)
  } finally {
    timers.restore()
  }
})

function Wrapped({ kernel, close }: { kernel: Kernel; close: (x: unknown) => void }) {
  return (
    <KernelContext.Provider value={kernel}>
      <ConfirmDialog props={{ message: 'm' }} close={close} />
    </KernelContext.Provider>
  )
}

test('SHELL-18 toasts: type, position, default 2 s and custom durations, newer replaces older at a position', async () => {
  const kernel = fakeKernel()
  const timers = installFakeTimers()
  try {
    const r = await render(<KernelApp kernel={kernel} />)
    await act(async () => kernel.overlays.toast('Saved'))
    let t = r.all('toast')
    assert.is(t.length, 1)
    assert.is(t[0].textContent, 'Saved')
    assert.is(t[0].dataset.type, 'info', 'info by default')
    assert.is(t[0].dataset.position, 'top', 'top by default')

    await act(async () => kernel.overlays.toast('Not enough diamonds please recharge', { type: 'warning', position: 'center', duration: 3000 }))
    t = r.all('toast')
    assert.is(t.length, 2)
    assert.is(t[1].dataset.type, 'warning')
    assert.is(t[1].dataset.position, 'center')
    assert.ok(t[1].closest('.k-toasts--center'))

    await act(async () => timers.tick(DEFAULT_TOAST_MS - 1))
    assert.is(r.all('toast').length, 2)
    await act(async () => timers.tick(1))
    assert.equal(r.all('toast').map((e) => e.textContent), ['Not enough diamonds please recharge'], 'the 2 s toast went')
    await act(async () => timers.tick(999))
    assert.is(r.all('toast').length, 1, 'the 3 s toast is still there just before 3 s')
    await act(async () => timers.tick(1))
    assert.is(r.all('toast').length, 0, 'the 3 s toast went at 3 s')

    await act(async () => {
      kernel.overlays.toast('one', { type: 'success' })
      kernel.overlays.toast('two', { type: 'success' })
    })
    assert.equal(r.all('toast').map((e) => e.textContent), ['two'])
    assert.is(r.get('toast')?.dataset.type, 'success')
    r.unmount()
  } finally {
    timers.restore()
    kernel.dispose()
  }
})

test('overlays: a popup whose when() throws stays hidden and the error is reported', () => {
  const errors: unknown[] = []
  const error = console.error
  console.error = (...a: unknown[]) => void errors.push(a)
  const ctx = signal<OverlayContext>({ path: '/', search: new URLSearchParams(), scene: {} })
  const overlays = createOverlays({
    defs: [{ id: 'bad', tier: 'modal', component: Popup, when: () => { throw new Error('boom') } }],
    context: ctx,
  })
  void overlays.open('bad')
  assert.equal(overlays.stack.value, [])
  console.error = error
  assert.ok(errors.length > 0)
  overlays.dispose()
})

test('SHELL-03 the update dialog still shows when the overlay code cannot load', async () => {
  const ctx = signal<OverlayContext>({ path: '/wall', search: new URLSearchParams(), scene: {} })
  const overlays = createOverlays({ defs: [], context: ctx, host: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) })
  const kernel = fakeKernel()
  const error = console.error
  console.error = () => {}
  const r = await render(
    <KernelContext.Provider value={{ ...kernel, overlays } as Kernel}>
      <OverlayHost />
    </KernelContext.Provider>,
  )
  const asked = overlays.open(UPDATE_DIALOG)
  await settle()
  console.error = error
  assert.ok(r.get('update-dialog'), 'the prompt drawn from the first bundle')
  await click(r.get('update-later'))
  assert.is(await asked, undefined)
  assert.is(r.get('update-dialog'), null)
  r.unmount()
  kernel.dispose()
})

test.run()
