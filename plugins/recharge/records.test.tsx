// The diamond records word every ledger reason the harness writes. The reasons are collected from
// the source: every ledger move (`ctx.move(user, delta, reason, ...)`) in harness/ and in the plugins'
// fakes, so a reason another feature adds is found here without editing this test; wording it is one
// line in locales/en/recharge.json and one in locales/ar/recharge.json (recharge.reason.<reason, . as _>).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { signal } from '@preact/signals-react'
import { definePlugin } from '../../kernel/plugin.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { createTestKernel, fake, serverCode, type TestKernel } from '../../kernel/testing.tsx'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import type { UserRow } from '../../harness/types.ts'
import { waitFor } from '../../test/wait.ts'
import { allSources, args, harnessFiles, ROOT } from '../../test/source.ts'
import { shellRef } from '../shell/api.ts'
import { recordTitle, reasonKey } from './DiamondRecordsPage.tsx'
import { createRechargePlugin } from './index.ts'

const VIEWER = 100001

/** the reasons an expression can be: its string literals; a template `free.${task}` is the family 'free.*' */
const literals = (expr: string) => [
  ...[...expr.replace(/typeof\s+[\w.?]+\s*[!=]==?\s*'[^']*'/g, '').matchAll(/'([^'\\]+)'|"([^"\\]+)"/g)].map((m) => m[1] ?? m[2]),
  ...[...expr.matchAll(/`([a-z][\w.-]*)\.\$\{/g)].map((m) => `${m[1]}.*`),
]

/** every ledger reason written by harness code, with where it is written */
function ledgerReasons(): Map<string, string> {
  const found = new Map<string, string>()
  for (const file of harnessFiles()) {
    const src = readFileSync(file, 'utf8')
    for (const m of src.matchAll(/(?<!this)\.move\(/g)) {
      const where = `${relative(ROOT, file)}:${src.slice(0, m.index).split('\n').length}`
      const a = args(src, m.index! + m[0].length)
      if (a.length < 3) continue
      let expr = a[2]
      // a reason kept in a constant of the same file
      const id = /^[A-Za-z_$][\w$]*$/.exec(expr)?.[0]
      // a reason kept in a constant: of the same file, else exported by another module
      const constant = (text: string) => (id ? new RegExp(`(?:const|let)\\s+${id}\\s*(?::[^=]+)?=\\s*([^\\n]+)`).exec(text)?.[1] : undefined)
      if (id) expr = constant(src) ?? allSources().map(constant).find(Boolean) ?? ''
      // a member of a table of reasons (Reason.send: { send: 'gift.send' }), wherever it is kept
      const member = /^[A-Za-z_$][\w$]*\.([A-Za-z_$][\w$]*)$/.exec(expr)?.[1]
      if (member) expr = [src, ...allSources()].map((text) => new RegExp(`\\b${member}:\\s*('[^']+')`).exec(text)?.[1]).find(Boolean) ?? ''
      const reasons = literals(expr)
      assert.ok(reasons.length, `${where}: write the ledger reason as a string literal (or a const of literals in the file), so the records test finds it`)
      for (const r of reasons) if (!found.has(r)) found.set(r, where)
    }
  }
  return found
}

test('PAY-01 diamond records: every reason a fake writes to the ledger is found (the collector sees the known ones)', () => {
  const reasons = [...ledgerReasons().keys()]
  for (const r of ['recharge', 'vip.purchase', 'call', 'signup.bonus', 'harness.adjust', 'harness.move', 'signin.reward']) assert.ok(reasons.includes(r), `${r} in ${reasons.join(', ')}`)
})

let h: TestHarness
let tk: TestKernel | null = null
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'recharge'] })
})
test.after(async () => {
  await h.close()
})
test.after.each(() => {
  tk?.dispose()
  tk = null
  document.body.innerHTML = ''
})

async function recordsPage(lang: 'en' | 'ar') {
  const t = createTestKernel({
    plugins: [definePlugin({ id: 'shell' }), createRechargePlugin()],
    fakes: [fake(shellRef, { baseConfig: signal(null), refreshUser: async () => {} })],
    token: TEST_TOKEN,
    path: '/getcoin/diamond-records',
    locale: lang,
    api: async (p, payload) => {
      const r = await h.api(p, payload, { token: TEST_TOKEN, lang })
      return r.body.code === Code.ok ? r.data : serverCode(r.body.code, r.body.msg)
    },
  })
  t.kernel.session.setUser({ userId: VIEWER, nickname: 'viewer', icon: '', yxAccid: 'user_100001', diamondNum: 5000 })
  tk = t
  await t.kernel.i18n.ready()
  await t.render()
  return t
}

const ARABIC = /[\u0600-\u06FF]/
/** what a person reads: the isolation marks around a name are not text */
const visible = (s: string) => s.replace(/[\u2066-\u2069]/g, '')

for (const lang of ['en', 'ar'] as const) {
  test(`PAY-01 the diamond records show a worded reason for every ledger reason any fake writes, with the host's name [${lang}]`, async () => {
    h.reset()
    const host = (h.ctx.db.get('users').value() as UserRow[]).find((u) => u.userType === 2)!
    const reasons = [...ledgerReasons()]
    for (const [reason] of reasons) h.ctx.move(VIEWER, 1, reason, { key: `test:${reason}`, peerId: host.userId })
    await recordsPage(lang)
    await waitFor(() => document.querySelectorAll('[data-testid="record-title"]').length > 0, { what: 'the records' })
    const titles = [...document.querySelectorAll('[data-testid="record-title"]')].map((e) => visible(e.textContent!))
    assert.ok(titles.length >= Math.min(20, reasons.length))
    const t = tk!.kernel.i18n.t
    for (const [reason, where] of reasons) {
      const title = visible(recordTitle(t, { reason, peerName: host.nickname, diamondNum: 1 }))
      const family = reason.replace(/\.\*$/, '')
      assert.ok(t(reasonKey(family)) !== reasonKey(family), `${reason} (written at ${where}) has no line in locales/${lang}/recharge.json under reason.${family.replace(/\./g, '_')}`)
      assert.is.not(title, reason, `${reason} shows raw`)
      if (lang === 'ar') assert.ok(ARABIC.test(title), `${reason} reads in Arabic: ${title}`)
    }
    for (const title of titles) {
      assert.not.ok(reasons.some(([r]) => title === r) || title.includes('recharge.reason'), `a raw reason on the page: ${title}`)
      if (lang === 'ar') assert.ok(ARABIC.test(title), `Arabic on the page: ${title}`)
    }
    // signed amounts read '-80', never '80-', in Arabic too
    for (const num of document.querySelectorAll('[data-testid="record-num"]')) {
      assert.is(num.getAttribute('dir'), 'ltr')
      assert.match(num.textContent!, /^[\u200e\u200f]*[+-]\d/)
    }
    // calls and gifts name the host
    const call = visible(recordTitle(t, { reason: 'call', peerName: host.nickname, diamondNum: -1 }))
    assert.match(call, host.nickname)
    assert.ok(titles.some((x) => x.includes(host.nickname)), 'the page names the host')
  })
}

test('PAY-01 diamond records: a reason nobody worded yet still reads as a sentence, never raw', async () => {
  h.reset()
  await recordsPage('ar')
  const t = tk!.kernel.i18n.t
  assert.is(recordTitle(t, { reason: 'brand.new', diamondNum: 5 }), 'ألماس مستلم')
  assert.is(recordTitle(t, { reason: 'brand.new', diamondNum: -5 }), 'ألماس مصروف')
})

test.run()
