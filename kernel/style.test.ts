import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { injectStyle } from './style.ts'
import baseCss from './base.css'

test('injectStyle adds one <style> per distinct text', () => {
  const count = () => document.head.querySelectorAll('style[data-kernel-style]').length
  const before = count()
  injectStyle('.a{color:red}')
  injectStyle('.a{color:red}')
  assert.is(count(), before + 1)
  injectStyle('.b{color:blue}')
  assert.is(count(), before + 2)
  injectStyle('')
  assert.is(count(), before + 2)
})

test('SHELL-13 the base style keeps the app column at most 450 px wide and centred', () => {
  assert.match(baseCss, /--app-width:\s*450px/)
  assert.match(baseCss, /#root, #app \{[^}]*max-inline-size: var\(--app-width\)[^}]*margin-inline: auto/)
  assert.not.match(baseCss, /margin-left|margin-right|padding-left|padding-right|text-align:\s*(left|right)/, 'logical properties only, so RTL mirrors')
})

test.run()
