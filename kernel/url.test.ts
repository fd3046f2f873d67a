import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { safeImageUrl } from './url.ts'
import { cssImage } from './ui/css-image.ts'

test('image URLs from data: https, own-host http, blob and data:image pass', () => {
  assert.is(safeImageUrl('https://cdn.example/a.png'), 'https://cdn.example/a.png')
  assert.is(safeImageUrl('/__harness/avatar/h1.svg'), '/__harness/avatar/h1.svg')
  window.__APP_CONFIG__ = { apiBase: 'http://localhost' }
  assert.is(safeImageUrl('http://localhost/a.png'), 'http://localhost/a.png')
  delete window.__APP_CONFIG__
  assert.is(safeImageUrl('blob:http://localhost/123'), 'blob:http://localhost/123')
  assert.is(safeImageUrl('data:image/png;base64,AAAA'), 'data:image/png;base64,AAAA')
})

test('image URLs from data: scripts, other hosts over http, host tricks and non-strings become empty', () => {
  for (const bad of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\nscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd', 'http://evil.example/a.png', '//evil.example/a.png', '/\\evil.example/a.png', '\\\\evil.example\\a.png', 'https://user:pw@cdn.example/a.png', '', '   ', 7, {}, ['https://a'], null, undefined]) {
    assert.is(safeImageUrl(bad), '', String(bad))
  }
})

test('image URLs are safe inside CSS url("..."): quotes and brackets cannot close it', () => {
  const css = cssImage('https://cdn.example/a.png?x=")";background:url(https://evil.example/t)')
  assert.ok(css)
  assert.not.match(css!.backgroundImage.slice(5, -2), /["()\\\s]/)
  assert.is(cssImage('javascript:alert(1)'), undefined)
})

test.run()
