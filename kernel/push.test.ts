import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPushBus } from './push.ts'
import type { Kernel } from './types.ts'

const kernel = { marker: 'k' } as unknown as Kernel
const frame = (msgId: string, pushType = 'host.status', data: unknown = { userId: 1 }) =>
  JSON.stringify({ msgId, pushType, data })

test('NET-07 unparseable or malformed frames are dropped without throwing', () => {
  const bus = createPushBus({ kernel: () => kernel })
  const got: unknown[] = []
  bus.on('host.status', (d) => got.push(d))
  for (const bad of ['', 'nope', '[]', 'null', '{"msgId":"1","pushType":"host.status"}', frame('', 'host.status'), frame('1', ''), frame('1', 'host.status', 'str')]) {
    assert.is(bus.dispatch(bad), false, bad)
  }
  assert.is(bus.dispatch(null as any), false)
  assert.is(bus.dispatch({ msgId: 2, pushType: 'x', data: {} } as any), false)
  const circular: any = { msgId: 'c', pushType: 'host.status', data: {} }
  circular.data.self = circular
  assert.is(bus.dispatch(circular), false)
  assert.equal(got, [])
})

test('NET-07 handlers get the data, the kernel and the message; parsed objects are accepted', () => {
  const bus = createPushBus({ kernel: () => kernel })
  const calls: unknown[][] = []
  bus.on('host.status', (d, k, m) => calls.push([d, k, m.msgId]))
  assert.ok(bus.dispatch(frame('m1')))
  assert.ok(bus.dispatch({ msgId: 'm2', pushType: 'host.status', data: { userId: 2 } }))
  assert.equal(calls, [
    [{ userId: 1 }, kernel, 'm1'],
    [{ userId: 2 }, kernel, 'm2'],
  ])
})

test('NET-07 duplicates by msgId are dropped; only the last N ids are remembered', () => {
  const bus = createPushBus({ kernel: () => kernel, remember: 3 })
  let n = 0
  bus.on('host.status', () => n++)
  assert.ok(bus.dispatch(frame('a')))
  assert.is(bus.dispatch(frame('a')), false)
  bus.dispatch(frame('b'))
  bus.dispatch(frame('c'))
  bus.dispatch(frame('d')) // 'a' is forgotten now
  assert.ok(bus.dispatch(frame('a')))
  assert.is(n, 5)
})

test('NET-07 one throwing handler never stops the others; the error is reported', () => {
  const errors: unknown[] = []
  const bus = createPushBus({ kernel: () => kernel, onError: (e, t) => errors.push([(e as Error).message, t]) })
  const order: string[] = []
  bus.on('host.status', () => order.push('first'))
  bus.on('host.status', () => {
    throw new Error('boom')
  })
  bus.on('host.status', () => order.push('third'))
  assert.ok(bus.dispatch(frame('x')))
  assert.equal(order, ['first', 'third'])
  assert.equal(errors, [['boom', 'host.status']])
})

test('NET-07 a throwing error reporter does not break delivery either', () => {
  const bus = createPushBus({
    kernel: () => kernel,
    onError: () => {
      throw new Error('reporter')
    },
  })
  let after = 0
  bus.on('t', () => {
    throw new Error('h')
  })
  bus.on('t', () => after++)
  assert.ok(bus.dispatch(frame('1', 't')))
  assert.is(after, 1)
})

test('NET-07 disposers remove handlers, also while dispatching', () => {
  const bus = createPushBus({ kernel: () => kernel })
  const seen: string[] = []
  const offA = bus.on('t', () => {
    seen.push('a')
    offA()
  })
  bus.on('t', () => seen.push('b'))
  bus.dispatch(frame('1', 't'))
  bus.dispatch(frame('2', 't'))
  assert.equal(seen, ['a', 'b', 'b'])
  // pushes of a type nobody handles are still accepted (and remembered)
  assert.ok(bus.dispatch(frame('3', 'other')))
  assert.is(bus.dispatch(frame('3', 'other')), false)
})

test.run()
