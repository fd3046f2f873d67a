import { test } from 'uvu'
import { createTestKernel, serverCode } from './testing.tsx'
import { waitFor } from '../test/wait.ts'
import uiEn from '../locales/en/kernel-ui.json'
import uiAr from '../locales/ar/kernel-ui.json'

const shown = () => document.querySelector('[data-testid="toast"]')?.textContent ?? ''

for (const [locale, ui] of [['en', uiEn], ['ar', uiAr]] as const) {
  test(`NET-02 a server message that is a key toasts a sentence, never the key (${locale})`, async () => {
    const t = createTestKernel({
      plugins: [],
      locale,
      token: 'tok',
      api: (path) => serverCode('5000', path === '/vip' ? 'vip.needs.first.recharge' : path === '/new' ? 'brand.new.refusal' : 'Payment provider unavailable, try again'),
    })
    const { unmount } = await t.render()
    for (const [path, want] of [
      ['/vip', ui.server.vip_needs_first_recharge],
      ['/new', ui.server.unknown],
      ['/sentence', 'Payment provider unavailable, try again'],
    ]) {
      await t.kernel.api.post(path).catch(() => {})
      await waitFor(() => shown() === want, { what: `toast "${want}", shows "${shown()}"` })
    }
    unmount()
    t.dispose()
    document.body.innerHTML = ''
    // the Arabic kernel set the page right to left: later tests start from the default
    Object.assign(document.documentElement, { dir: 'ltr', lang: 'en' })
  })
}

test.run()
