import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { renderToStaticMarkup } from 'react-dom/server'
import { createI18n } from '../i18n.ts'
import { definePlugin } from '../plugin.ts'
import { memoryStorage } from '../storage.ts'
import { isolated, sentence, sentenceText, shownCount, shownText } from './sentence.tsx'

const live = definePlugin({ id: 'live', strings: { en: { entered: '{{name}} entered the room', win: '{{sender}} won {{n}} diamonds' }, ar: { entered: '{{name}} دخل الغرفة' } } })
const i18n = (lang: string) => createI18n({ plugins: [live], search: new URLSearchParams(`lang=${lang}`), storage: memoryStorage(), navigatorLanguage: 'en', document: null })
const html = (nodes: unknown) => renderToStaticMarkup(<p>{nodes as never}</p>)

test('LIVE-06 SHELL-12 a name inside a sentence is isolated in <bdi>, in English and Arabic; the sentence itself is not', () => {
  assert.is(html(sentence(i18n('en').t, 'live.entered', { name: 'ناصر' })), '<p><bdi>ناصر</bdi> entered the room</p>')
  assert.is(html(sentence(i18n('ar').t, 'live.entered', { name: 'Sam' })), '<p><bdi>Sam</bdi> دخل الغرفة</p>')
  assert.is(html(sentence(i18n('en').t, 'live.win', { sender: 'Mia' }, { n: 5000 })), '<p><bdi>Mia</bdi> won 5,000 diamonds</p>', 'numbers formatted as t() does')
})

test('LIVE-06 values from data are bounded where shown: no [object Object], no stacked marks, no endless names', () => {
  assert.is(html(sentence(i18n('en').t, 'live.entered', { name: { nick: 'x' } })), '<p><bdi></bdi> entered the room</p>')
  assert.is(shownText(undefined), '')
  assert.is(shownText('Z\u0301\u0302\u0303\u0304\u0305a'), 'Z\u0301\u0302a', 'zalgo cut to two marks')
  assert.is([...shownText('x'.repeat(80))].length, 24)
  assert.is(shownText(Infinity), '')
})

test('SHELL-12 a name inside a text that holds no <bdi> (a toast, a confirm, a title) is isolated by FSI..PDI and bounded the same way', () => {
  assert.is(sentenceText(i18n('en').t, 'live.entered', { name: 'ناصر' }), '\u2068ناصر\u2069 entered the room')
  assert.is(sentenceText(i18n('ar').t, 'live.entered', { name: { nick: 'x' } }), '\u2068\u2069 دخل الغرفة', 'never [object Object]')
  assert.is(isolated('Z\u0301\u0302\u0303a'), '\u2068Z\u0301\u0302a\u2069')
})

test('SHELL-12 a count from data is shown bounded: never negative (won -5,000), never 1e+21, never NaN', () => {
  assert.equal([shownCount(-5000), shownCount(1e21), shownCount('abc'), shownCount(12.7), shownCount('20'), shownCount(1e21, 9999)], [0, 9_999_999, 0, 12, 20, 9999])
})

test.run()
