import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { injectSprite, Sprite } from './sprite.tsx'
import { render } from './testing.tsx'

const sheet = '<svg xmlns="http://www.w3.org/2000/svg" style="position:absolute;width:0;height:0"><symbol id="t-dot" viewBox="0 0 24 24"><circle cx="12" cy="12" r="4" /></symbol></svg>'

test('BLD-01 a sprite sheet still as text (tests, late plugins) is added to the document once; an empty one (written into index.html by the build) adds nothing', () => {
  const before = document.body.children.length
  injectSprite('')
  assert.is(document.body.children.length, before)
  injectSprite(sheet)
  injectSprite(sheet)
  assert.is(document.querySelectorAll('#t-dot').length, 1)
  assert.is(document.body.firstElementChild?.tagName.toLowerCase(), 'svg')
})

test('BLD-01 <Sprite> draws a symbol at a size, hidden from screen readers', async () => {
  const r = await render(<Sprite id="t-dot" size={18} className="x" data-testid="icon" />)
  const svg = r.get('icon')!
  assert.is(svg.getAttribute('width'), '18')
  assert.is(svg.getAttribute('aria-hidden'), 'true')
  assert.is(svg.getAttribute('class'), 'x')
  assert.is(svg.querySelector('use')?.getAttribute('href'), '#t-dot')
  r.unmount()
})

test.run()
