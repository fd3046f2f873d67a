import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createI18n, pickLocale } from './i18n.ts'
import { memoryStorage } from './storage.ts'
import { definePlugin } from './plugin.ts'

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

test('SHELL-12 Arabic sets <html lang="ar" dir="rtl">; English sets ltr', () => {
  const { i18n, storage } = make({ nav: 'en' })
  assert.is(document.documentElement.dir, 'ltr')
  assert.is(document.documentElement.lang, 'en')
  i18n.setLocale('ar')
  assert.is(i18n.dir.value, 'rtl')
  assert.is(document.documentElement.dir, 'rtl')
  assert.is(document.documentElement.lang, 'ar')
  assert.is(storage.getItem('lang'), 'ar', 'the choice is stored')
  i18n.setLocale('en')
  assert.is(document.documentElement.dir, 'ltr')
  assert.throws(() => i18n.setLocale('fr' as any), /unsupported locale "fr"/)
})

test('SHELL-12 t(): plugin strings under the plugin id, kernel strings under kernel, {{param}}', () => {
  const { i18n } = make()
  assert.is(i18n.t('wall.title'), 'Hosts')
  assert.is(i18n.t('wall.greet', { name: 'Sara' }), 'Hi Sara')
  assert.is(i18n.t('kernel.network'), 'Network Connection Failure')
  i18n.setLocale('ar')
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

test.run()
