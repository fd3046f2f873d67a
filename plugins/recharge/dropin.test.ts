// The card drop-in the harness's fake provider serves speaks the locale the app mounts it with, as a
// real provider's drop-in does: its labels, its button and the provider's answers.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { HarnessContext } from '../../harness/types.ts'
import { waitFor } from '../../test/wait.ts'
import { dropInScript } from './fake-providers.ts'

const ctx = { baseUrl: () => 'http://harness.test' } as unknown as HarnessContext

function mount(locale: string, answer: unknown) {
  const realFetch = globalThis.fetch
  globalThis.fetch = (async () => ({ json: async () => answer })) as unknown as typeof fetch
  new Function(String(dropInScript(ctx).body))()
  const root = document.createElement('div')
  document.body.append(root)
  const errors: string[] = []
  ;(window as any).HarnessDropIn.mount(root, { intentId: 'int_1', clientSecret: 's', methods: ['card'], locale, onSuccess() {}, onError: (e: { message: string }) => errors.push(e.message) })
  return { root, errors, restore: () => void (globalThis.fetch = realFetch) }
}

for (const [locale, label, declined] of [
  ['en', 'Card number', 'Your card was declined'],
  ['ar', 'رقم البطاقة', 'تم رفض بطاقتك'],
] as const) {
  test(`PAY-05 the harness card drop-in follows the app's locale: labels and a declined card's reason (${locale})`, async () => {
    const { root, restore } = mount(locale, { status: 'declined', message: 'Your card was declined' })
    try {
      assert.match(root.querySelector('label')!.textContent!, label)
      assert.is(root.querySelector('form')!.getAttribute('lang'), locale)
      root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
      await waitFor(() => !!root.querySelector('[data-testid=dropin-error]')!.textContent, { what: 'the reason' })
      assert.is(root.querySelector('[data-testid=dropin-error]')!.textContent, declined)
    } finally {
      restore()
      root.remove()
    }
  })
}

test.run()
