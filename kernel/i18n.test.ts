import { test } from 'uvu'
import { readFileSync } from 'node:fs'
import * as assert from 'uvu/assert'
import { createI18n, pickLocale } from './i18n.ts'
import { memoryStorage } from './storage.ts'
import { definePlugin } from './plugin.ts'
import { waitFor } from '../test/wait.ts'

const wall = definePlugin({
  id: 'wall',
  strings: {
    en: { title: 'Hosts', greet: 'Hi {{name}}', only: { en: 'English only' } },
    ar: { title: 'المضيفات', greet: 'مرحبا {{name}}' },
  },
})

const make = (o: { search?: string; stored?: string; nav?: string } = {}) => {
  const storage = memoryStorage(o.stored ? { lang: o.stored } : {})
  const i18n = createI18n({ plugins: [wall], search: new URLSearchParams(o.search ?? ''), storage, navigatorLanguage: o.nav ?? 'en-US' })
  return { i18n, storage }
}

test('SHELL-12 locale: ?lang= first, then the stored choice, then the browser, default en', () => {
  assert.is(make({ search: 'lang=ar', stored: 'en', nav: 'en' }).i18n.locale.value, 'ar')
  assert.is(make({ search: 'lang=xx', stored: 'ar', nav: 'en' }).i18n.locale.value, 'ar')
  assert.is(make({ nav: 'ar-SA' }).i18n.locale.value, 'ar')
  assert.is(make({ nav: 'fr-FR' }).i18n.locale.value, 'en')
  assert.is(pickLocale({}), 'en')
})

test('SHELL-12 Arabic sets <html lang="ar" dir="rtl">; English sets ltr', async () => {
  const { i18n, storage } = make({ nav: 'en' })
  assert.is(document.documentElement.dir, 'ltr')
  assert.is(document.documentElement.lang, 'en')
  await i18n.setLocale('ar')
  assert.is(i18n.dir.value, 'rtl')
  assert.is(document.documentElement.dir, 'rtl')
  assert.is(document.documentElement.lang, 'ar')
  assert.is(storage.getItem('lang'), 'ar', 'the choice is stored')
  await i18n.setLocale('en')
  assert.is(document.documentElement.dir, 'ltr')
  assert.throws(() => i18n.setLocale('fr' as any), /unsupported locale "fr"/)
})

test('SHELL-12 t(): plugin strings under the plugin id, kernel strings under kernel, {{param}}', async () => {
  const { i18n } = make()
  assert.is(i18n.t('wall.title'), 'Hosts')
  assert.is(i18n.t('wall.greet', { name: 'Sara' }), 'Hi Sara')
  assert.is(i18n.t('kernel.network'), 'Network Connection Failure')
  await i18n.setLocale('ar')
  assert.is(i18n.t('wall.title'), 'المضيفات')
  assert.is(i18n.t('wall.greet', { name: 'سارة' }), 'مرحبا سارة')
  assert.is(i18n.t('kernel.network'), 'فشل الاتصال بالشبكة')
})

test('SHELL-12 t() falls back to English, then to the key', () => {
  const { i18n } = make({ search: 'lang=ar' })
  assert.is(i18n.t('wall.only.en'), 'English only')
  assert.is(i18n.t('wall.missing'), 'wall.missing')
  assert.is(i18n.t('wall.only'), 'wall.only', 'a branch is not a string')
})

/** a plugin whose dictionaries load on demand, counting the loads */
function lazyPlugin(o: { failAr?: number } = {}) {
  const loads: string[] = []
  let arFailures = o.failAr ?? 0
  const plugin = definePlugin({
    id: 'moments',
    strings: {
      en: async () => (loads.push('en'), { default: { title: 'Moments', only: 'English only' } }),
      ar: async () => {
        loads.push('ar')
        if (arFailures-- > 0) throw new Error('Failed to fetch dynamically imported module')
        return { title: 'اللحظات' }
      },
    },
  })
  return { plugin, loads }
}

test('SHELL-12 lazy strings: ready() loads only the active language; English follows in the background', async () => {
  const { plugin, loads } = lazyPlugin()
  const i18n = createI18n({ plugins: [plugin], search: new URLSearchParams('lang=ar'), storage: memoryStorage(), navigatorLanguage: 'en' })
  assert.is(i18n.t('moments.title'), '', 'nothing before ready(): blank, never the key')
  await i18n.ready()
  assert.equal(loads, ['ar'], 'the first render waits for Arabic only')
  assert.is(i18n.t('moments.title'), 'اللحظات')
  assert.is(i18n.t('kernel.network'), 'فشل الاتصال بالشبكة', "the kernel's own Arabic loads too")
  await waitFor(() => i18n.t('moments.only') === 'English only')
  assert.equal(loads, ['ar', 'en'], 'English, the fallback, loads after')
  assert.is(i18n.t('moments.only'), 'English only')
})

test('SHELL-12 lazy strings: setLocale loads the language first, then switches; a failed load can be retried', async () => {
  const { plugin, loads } = lazyPlugin({ failAr: 1 })
  const storage = memoryStorage()
  const i18n = createI18n({ plugins: [plugin], search: new URLSearchParams(''), storage, navigatorLanguage: 'en' })
  await i18n.ready()
  assert.equal(loads, ['en'])
  await i18n.setLocale('ar').then(
    () => assert.unreachable('the Arabic load failed'),
    (err: Error) => assert.match(err.message, /dynamically imported module/),
  )
  assert.is(i18n.locale.value, 'en', 'no switch to a language without its strings')
  const switching = i18n.setLocale('ar')
  assert.is(i18n.locale.value, 'en', 'still English while Arabic loads')
  await switching
  assert.is(i18n.locale.value, 'ar')
  assert.is(i18n.dir.value, 'rtl')
  assert.is(i18n.t('moments.title'), 'اللحظات')
  assert.is(storage.getItem('lang'), 'ar')
  await i18n.setLocale('en')
  assert.is(i18n.t('moments.title'), 'Moments')
  assert.equal(loads, ['en', 'ar', 'ar'], 'each language loads once it succeeded')
})

test('SHELL-12 lazy strings: the newest setLocale wins over one still loading', async () => {
  const { plugin } = lazyPlugin()
  const i18n = createI18n({ plugins: [plugin], search: new URLSearchParams(''), storage: memoryStorage(), navigatorLanguage: 'en' })
  await i18n.ready()
  const toAr = i18n.setLocale('ar')
  await i18n.setLocale('en')
  await toAr
  assert.is(i18n.locale.value, 'en')
})

test('SHELL-12 ready(locale, namespaces): the first screen waits only for its plugins; the others follow', async () => {
  const loads: string[] = []
  const lazy = (id: string) =>
    definePlugin({ id, strings: { en: async () => (loads.push(`en:${id}`), { title: id }), ar: async () => (loads.push(`ar:${id}`), { title: `ar-${id}` }) } })
  const i18n = createI18n({ plugins: [lazy('shell'), lazy('wall'), lazy('calls')], search: new URLSearchParams(''), storage: memoryStorage(), navigatorLanguage: 'en' })
  await i18n.ready(undefined, ['shell', 'wall'])
  assert.equal(loads, ['en:shell', 'en:wall'])
  assert.is(i18n.t('wall.title'), 'wall')
  assert.is(i18n.t('calls.title'), '', 'not yet: blank, never the key')
  await waitFor(() => i18n.t('calls.title') === 'calls')
  assert.equal(loads, ['en:shell', 'en:wall', 'en:calls'], 'the rest right after')
  assert.is(i18n.t('calls.title'), 'calls')
  await i18n.ready(undefined, ['calls'])
  assert.is(loads.length, 3, 'nothing loads twice')
})

test('SHELL-12 moreStrings: the first screen loads without them, a page of the plugin loads both; both parts share the namespace', async () => {
  const loads: string[] = []
  const part = (name: string, table: Record<string, string>) => async () => (loads.push(name), { default: table })
  const shell = definePlugin({
    id: 'shell',
    strings: { en: part('shell', { tab: 'Discover' }), ar: part('ar', {}) },
    moreStrings: { en: part('shell-more', { login: 'Log in' }), ar: part('ar-more', {}) },
  })
  let later: (() => void) | null = null
  const i18n = createI18n({ plugins: [shell], search: new URLSearchParams(''), storage: memoryStorage(), navigatorLanguage: 'en', background: (fn) => void (later = fn) })
  await i18n.ready(undefined, ['shell'], true)
  assert.equal(loads, ['shell'])
  assert.is(i18n.t('shell.tab'), 'Discover')
  assert.is(i18n.t('shell.login'), '', 'not yet: blank, never the key')
  await i18n.ready(undefined, ['shell'])
  assert.equal(loads, ['shell', 'shell-more'])
  assert.is(i18n.t('shell.login'), 'Log in')
  assert.is(i18n.t('shell.tab'), 'Discover', 'merged, not replaced')
  assert.ok(later, 'the rest was scheduled for after the first screen')
})

test('SHELL-12 with a background scheduler (the app: after the first screen) the other dictionaries wait for it', async () => {
  const loads: string[] = []
  const lazy = (id: string) => definePlugin({ id, strings: { en: async () => (loads.push(`en:${id}`), { title: id }), ar: async () => ({}) } })
  const later: Array<() => void> = []
  const i18n = createI18n({
    plugins: [lazy('shell'), lazy('calls')],
    search: new URLSearchParams(''),
    storage: memoryStorage(),
    navigatorLanguage: 'en',
    background: (load) => void later.push(load),
  })
  await i18n.ready(undefined, ['shell'])
  // the positive sign: the rest was handed to the scheduler, not loaded
  await waitFor(() => later.length === 1)
  assert.equal(loads, ['en:shell'], 'calls waits')
  later.splice(0).forEach((load) => load())
  await waitFor(() => i18n.t('calls.title') === 'calls')
  assert.equal(loads, ['en:shell', 'en:calls'])
  assert.is(i18n.t('calls.title'), 'calls')
})

test('SHELL-12 preloaded dictionaries are used instead of loading', async () => {
  const { plugin, loads } = lazyPlugin()
  const i18n = createI18n({
    plugins: [plugin],
    search: new URLSearchParams('lang=ar'),
    storage: memoryStorage(),
    preloaded: (lang, ns) => (ns === 'moments' ? { title: `${lang}!` } : undefined),
  })
  assert.is(i18n.t('moments.title'), 'ar!')
  await i18n.ready()
  assert.equal(loads, [])
})

test('SHELL-12 ?lang= is kept: a later load without it (a navigation, a reload, a provider\'s return) keeps the language', () => {
  const storage = memoryStorage({})
  const first = createI18n({ plugins: [wall], search: new URLSearchParams('lang=ar'), storage, navigatorLanguage: 'en-US' })
  assert.is(first.locale.value, 'ar')
  const reloaded = createI18n({ plugins: [wall], search: new URLSearchParams(''), storage, navigatorLanguage: 'en-US' })
  assert.is(reloaded.locale.value, 'ar', 'the reload without ?lang= is still Arabic')
  const other = createI18n({ plugins: [wall], search: new URLSearchParams('lang=en'), storage, navigatorLanguage: 'ar' })
  assert.is(other.locale.value, 'en', 'a new ?lang= wins')
})

const counted = definePlugin({
  id: 'moments',
  strings: {
    en: { likes: { one: '{{count}} like', other: '{{count}} likes' }, balance: 'Balance {{n}}', id: 'ID {{id}}' },
    ar: { likes: { zero: 'لا إعجابات', one: 'إعجاب واحد', two: 'إعجابان', few: '{{count}} إعجابات', many: '{{count}} إعجابًا', other: '{{count}} إعجاب' }, balance: 'الرصيد {{n}}' },
  },
})

test('SHELL-12 plural forms by Intl.PluralRules (Arabic has six); numbers in params formatted for the locale', async () => {
  const i18n = createI18n({ plugins: [counted], search: new URLSearchParams(''), storage: memoryStorage({}), navigatorLanguage: 'en' })
  assert.is(i18n.t('moments.likes', { count: 1 }), '1 like')
  assert.is(i18n.t('moments.likes', { count: 5000 }), '5,000 likes')
  assert.is(i18n.t('moments.balance', { n: 5000 }), 'Balance 5,000')
  assert.is(i18n.t('moments.id', { id: '100001' }), 'ID 100001', 'strings are left as they are')
  await i18n.setLocale('ar')
  const forms = [0, 1, 2, 5, 11, 100].map((count) => i18n.t('moments.likes', { count }))
  assert.equal(forms, ['لا إعجابات', 'إعجاب واحد', 'إعجابان', '5 إعجابات', '11 إعجابًا', '100 إعجاب'], "never '5 إعجاب'")
  assert.is(i18n.t('moments.balance', { n: 5000 }), 'الرصيد 5,000', 'Latin digits in Arabic, chosen once (kernel/format.ts)')
})


test('SHELL-12 a plural entry is worded by the raw count, shown formatted: ar 1,510 diamonds takes the few form; a shown text is never a count (never the form of 0)', async () => {
  const real = (lang: 'en' | 'ar') => JSON.parse(readFileSync(new URL(`../locales/${lang}/calls.json`, import.meta.url), 'utf8'))
  const calls = definePlugin({ id: 'calls', strings: { en: real('en'), ar: real('ar') } })
  const i18n = createI18n({ plugins: [calls], search: new URLSearchParams('lang=ar'), storage: memoryStorage({}), navigatorLanguage: 'ar', document: null })
  assert.is(i18n.t('calls.post.diamonds', { n: 1510 }), '1,510 ماسات')
  assert.is(i18n.t('calls.post.diamonds', { n: '1510' }), '1510 ماسات', 'digits from the wire are a count')
  // the old way: a site formatted the number first, and Number('1,510') (NaN) took the form of 0
  const likes = createI18n({ plugins: [counted], search: new URLSearchParams('lang=ar'), storage: memoryStorage({}), navigatorLanguage: 'ar', document: null })
  assert.is(likes.t('moments.likes', { count: '1,510' as unknown as number }), '1,510 إعجاب', "never 'لا إعجابات' (none)")
  const charged = i18n.t('calls.post.charged', { diamonds: i18n.t('calls.post.diamonds', { n: 1510 }), count: 3 })
  assert.is(charged, 'تم خصم 1,510 ماسات (3 فترات فوترة)', 'two counts in one sentence: each worded by its own')
  await i18n.setLocale('en')
  assert.is(i18n.t('calls.post.charged', { diamonds: i18n.t('calls.post.diamonds', { n: 1 }), count: 1 }), 'Charged 1 diamond (1 billing period)')
})

test('SHELL-12 SHELL-01 a text drawn before its strings arrive waits (blank, never the key) and draws again when they do', async () => {
  let release: (table: Record<string, string>) => void = () => {}
  const game = definePlugin({ id: 'game', strings: { en: () => new Promise((r) => (release = (t) => r({ default: t }))), ar: async () => ({}) } })
  const i18n = createI18n({ plugins: [], search: new URLSearchParams(''), storage: memoryStorage(), navigatorLanguage: 'en', background: () => {} })
  const { effect } = await import('@preact/signals-react')
  const drawn: string[] = []
  // a late plugin's text, drawn before the plugin has even joined
  const stop = effect(() => void drawn.push(i18n.t('game.centre')))
  assert.equal(drawn, [''], 'no key shown while the plugin is joining')
  ;(i18n as ReturnType<typeof createI18n>).include([game])
  assert.is(i18n.t('game.centre'), '', 'joined, strings still loading')
  await waitFor(() => drawn.length > 0 && release.length > 0)
  release({ centre: 'Game Centre' })
  await waitFor(() => drawn[drawn.length - 1] === 'Game Centre')
  assert.is(drawn[drawn.length - 1], 'Game Centre', 'the text drew again with its strings')
  assert.is(i18n.t('game.nope'), 'game.nope', 'a wrong key in a loaded namespace still shows (a test catches it)')
  stop()
})

test.run()
