// Every message the harness can answer that is a key ('vip.needs.first.recharge') has a sentence in
// both languages (kernel/server-text.ts). The messages are collected from the source: every
// EndpointError and every helper that makes one (refuse(msg), ...), every fault a scenario sets, so
// a key another feature adds is found here without editing this test; wording it is one line in
// locales/en/kernel-ui.json and one in locales/ar/kernel-ui.json ("server", dots as _).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { createI18n, type Locale } from '../kernel/i18n.ts'
import { memoryStorage } from '../kernel/storage.ts'
import { serverKey, serverText, serverTextKey } from '../kernel/server-text.ts'
import { allSources, args, harnessFiles, ROOT } from '../test/source.ts'
import { startTestHarness, TEST_TOKEN } from './testing.ts'
import { EngagePath } from '../plugins/engage/api.ts'
import uiEn from '../locales/en/kernel-ui.json'
import uiAr from '../locales/ar/kernel-ui.json'
import kernelAr from '../locales/ar/kernel.json'

const sources = allSources()

/** a table's member (CallRefusal.hostBusy, Msg.notEnough): the literal it holds, wherever the table is */
function member(table: string, name: string): string[] {
  for (const src of sources) {
    const at = src.search(new RegExp(`(?:const|let)\\s+${table}\\s*(?::[^=]+)?=\\s*\\{`))
    if (at < 0) continue
    const body = src.slice(at, src.indexOf('\n}', at))
    const v = new RegExp(`\\b${name}:\\s*('[^']*'|"[^"]*")`).exec(body)?.[1]
    if (v) return [v.slice(1, -1)]
  }
  return []
}

/** a function's returns (hostRefusal(ctx, host) -> its `return X` expressions) */
function returnsOf(name: string): string[] {
  for (const src of sources) {
    const at = src.search(new RegExp(`function\\s+${name}\\s*\\(`))
    if (at < 0) continue
    const body = src.slice(at, src.indexOf('\n}', at))
    return [...body.matchAll(/\breturn\s+([^\n]+)/g)].map((m) => m[1])
  }
  return []
}

/** the messages an expression can be: its literals, table members, the returns of functions it
 *  calls, the value of a constant it names; comparisons (`state === 'ringing'`) are not messages */
function messages(expr: string, src: string, depth = 0): string[] {
  if (depth > 4) return []
  const e = expr.replace(/(?:typeof\s+[\w.?]+\s*)?[!=]==?\s*('[^']*'|"[^"]*")/g, '').replace(/('[^']*'|"[^"]*")\s*[!=]==?/g, '')
  // a template's text before its first ${...}: `template.changed: template ${id} ...` is the key template.changed
  const out = [...e.matchAll(/'([^'\\]*)'|"([^"\\]*)"|`([^`$]*)(?:`|\$\{)/g)].map((m) => m[1] ?? m[2] ?? m[3])
  const code = e.replace(/'[^']*'|"[^"]*"|`[^`]*`/g, '')
  for (const m of code.matchAll(/\b([A-Z][\w$]*)\.([A-Za-z_$][\w$]*)\b/g)) out.push(...member(m[1], m[2]))
  for (const m of code.matchAll(/(?<![.\w])([a-z][\w$]*)\(/g)) for (const r of returnsOf(m[1])) out.push(...messages(r, src, depth + 1))
  const id = /^[A-Za-z_$][\w$]*$/.exec(code.trim())?.[0]
  const init = id && new RegExp(`(?:const|let)\\s+${id}\\s*(?::[^=]+)?=\\s*([^\\n]+)`).exec(src)?.[1]
  if (init) out.push(...messages(init, src, depth + 1))
  return out
}

/** every message harness code can answer, with where it is written */
function answeredMessages(): Map<string, string> {
  const files = harnessFiles().map((file) => ({ file, src: readFileSync(file, 'utf8') }))
  // helpers that make the error from their argument: const refuse = (msg: string) => new EndpointError(Code.refused, msg)
  const helpers = new Set(files.flatMap(({ src }) => [...src.matchAll(/(?:const|let)\s+(\w+)\s*=\s*\((\w+)(?::[^)]*)?\)\s*=>\s*new EndpointError\([^,]+,\s*(\w+)\)/g)].filter((m) => m[2] === m[3]).map((m) => m[1])))
  const found = new Map<string, string>()
  for (const { file, src } of files) {
    const at = (i: number) => `${relative(ROOT, file)}:${src.slice(0, i).split('\n').length}`
    const add = (expr: string, i: number) => {
      for (const msg of messages(expr, src)) if (!found.has(msg)) found.set(msg, at(i))
    }
    for (const m of src.matchAll(/new EndpointError\(/g)) {
      const msg = args(src, m.index! + m[0].length)[1] ?? ''
      // the helper's own body passes its parameter on: its calls are read below
      const line = src.slice(src.lastIndexOf('\n', m.index) + 1, m.index)
      if (/\((\w+)[^)]*\)\s*=>\s*$/.exec(line)?.[1] !== msg) add(msg, m.index!)
    }
    for (const name of helpers) for (const m of src.matchAll(new RegExp(`(?<![.\\w])${name}\\(`, 'g'))) add(args(src, m.index! + m[0].length)[0] ?? '', m.index!)
    // a fault a scenario or a fake sets: { ..., msg: 'payment.provider.down' }
    for (const m of src.matchAll(/\bmsg:\s*('[^']*'|"[^"]*")/g)) add(m[1], m.index!)
  }
  return found
}

const keys = () => [...answeredMessages()].filter(([msg]) => serverKey(msg)).map(([msg, where]) => ({ key: serverKey(msg)!, where }))

const i18nIn = (locale: Locale) => {
  return createI18n({
    plugins: [],
    search: new URLSearchParams(`lang=${locale}`),
    storage: memoryStorage(),
    document: null,
    preloaded: (lang, ns) => (lang === 'ar' ? ({ kernel: kernelAr, 'kernel-ui': uiAr } as never)[ns] : ns === 'kernel-ui' ? uiEn : undefined),
  })
}

test('NET-02 the collector finds the server messages that are keys (the known ones)', () => {
  const found = keys().map((k) => k.key)
  for (const k of ['vip.needs.first.recharge', 'diamond.not.enough', 'anchor.busy', 'level.not.enough', 'vip.only', 'price.changed', 'template.changed']) assert.ok(found.includes(k), `${k} in ${found.join(', ')}`)
})

test('NET-02 every server message the harness answers as a key is worded in en and ar, never shown as a key', () => {
  const missing: string[] = []
  for (const locale of ['en', 'ar'] as const) {
    const { t } = i18nIn(locale)
    for (const { key, where } of keys()) {
      const own = t(serverTextKey(key))
      if (own === serverTextKey(key) || (locale === 'ar' && !/[\u0600-\u06ff]/.test(own))) missing.push(`${locale} ${key} (${where})`)
    }
  }
  assert.equal(missing, [], `word these in locales/<lang>/kernel-ui.json "server" (dots as _):\n${missing.join('\n')}`)
})

test('NET-02 a key nobody worded reads as a sentence; a sentence shows as it is', () => {
  for (const locale of ['en', 'ar'] as const) {
    const { t } = i18nIn(locale)
    const generic = serverText(t, 'some.new.key')!
    assert.ok(generic && !generic.includes('some.new.key') && generic === t('kernel-ui.server.unknown'), generic)
    assert.is(serverText(t, 'price.changed: reload the recharge list'), t(serverTextKey('price.changed')))
    assert.is(serverText(t, 'Payment provider unavailable, try again'), 'Payment provider unavailable, try again')
    assert.is(serverText(t, 'Error!'), 'Error!')
    assert.is(serverText(t, 'Lv.5'), 'Lv.5')
  }
})

test('NET-02 a refusal a user reads in words is answered in the request\'s language (a wrong invitation code, code 1111, in Arabic)', async () => {
  const h = await startTestHarness({ plugins: ['shell', 'engage'] })
  try {
    const ask = (lang: string) => h.api(EngagePath.transfer, { searchValue: 'NOPE42' }, { token: TEST_TOKEN, lang }).then((r) => [r.body.code, r.body.msg])
    assert.equal(await ask('ar'), ['1111', 'رمز الدعوة غير صالح'])
    assert.equal(await ask('en'), ['1111', 'Invalid invitation code'])
  } finally {
    await h.close()
  }
})

test('NET-02 every refusal worded per language has real Arabic', () => {
  const pairs = [...harnessFiles().map((f) => readFileSync(f, 'utf8')).join('\n').matchAll(/\{\s*en:\s*'([^']*)',\s*ar:\s*'([^']*)'\s*\}/g)]
  assert.ok(pairs.length >= 6, `${pairs.length} worded refusals`)
  for (const [, en, ar] of pairs) assert.ok(/[\u0600-\u06ff]/.test(ar) && ar !== en, `${en}: ${ar}`)
})

test.run()
