import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { resolveLink, type LinkContext } from './links.ts'

const ctx: LinkContext = {
  ownH5Marker: '/h5-activity/',
  ownOrigins: ['https://app.example.com'],
  currentQuery: 'source=wall&lang=ar',
}

test('SHELL-14 a link with the own-H5 marker opens /h5link with the url', () => {
  const url = 'https://cdn.example.com/h5-activity/spring/index.html?a=1'
  assert.equal(resolveLink(url, ctx), { kind: 'h5link', path: `/h5link?url=${encodeURIComponent(url)}` })
})

test('SHELL-14 an own-H5 URL becomes its internal path, extra query merged without overriding', () => {
  assert.equal(resolveLink('https://app.example.com/vip?lang=en&x=1', ctx), {
    kind: 'internal',
    path: '/vip?lang=en&x=1&source=wall',
  })
  assert.equal(resolveLink('/getcoin', { ...ctx, currentQuery: { source: 'banner' } }), { kind: 'internal', path: '/getcoin?source=banner' })
  assert.equal(resolveLink('/rank', { ownOrigins: [] }), { kind: 'internal', path: '/rank' })
})

// the im token and userId are added by the game frame, for allowed hosts only (plugins/game/rules.test.ts)
test('SHELL-14 anything else opens /game with the link, which carries no token of the app yet', () => {
  const r = resolveLink('https://games.partner.com/play?room=3', ctx)
  assert.is(r.kind, 'game')
  const inner = new URL(new URLSearchParams((r as { path: string }).path.split('?')[1]).get('url')!)
  assert.is(inner.origin, 'https://games.partner.com')
  assert.is(inner.searchParams.get('room'), '3')
  assert.is(inner.searchParams.get('imToken'), null)
  assert.is(inner.searchParams.get('userId'), null)
  assert.ok((r as { path: string }).path.startsWith('/game?url='))
})

test('SHELL-14 a link cannot pretend to be own: userinfo and look-alike hosts are foreign or blocked', () => {
  assert.is(resolveLink('https://app.example.com.evil.com/vip', ctx).kind, 'game')
  assert.is(resolveLink('https://app.example.com@evil.com/vip', ctx).kind, 'blocked')
  assert.is(resolveLink('http://app.example.com/vip', ctx).kind, 'game', 'another scheme is another origin')
})

test('SHELL-14 scripts, data, files and protocol-relative tricks never run', () => {
  for (const bad of [
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    '//evil.com/x',
    '/\\evil.com',
    '\\\\evil.com',
    'https://ok.com/\u0000',
    '',
    '   ',
    'not a url',
    null,
    42,
  ]) {
    assert.is(resolveLink(bad, ctx).kind, 'blocked', String(bad))
  }
})

test('SHELL-14 a javascript: URL carrying the marker is still blocked', () => {
  assert.is(resolveLink('javascript:alert(1)//h5-activity/', ctx).kind, 'blocked')
})

test('SHELL-14 the own-H5 marker counts only on the host and path, never in the query or another host', () => {
  const host = { ...ctx, ownH5Marker: 'h5.callwall' }
  assert.is(resolveLink('https://h5.callwall.com/act/1', host).kind, 'h5link')
  assert.is(resolveLink('https://evil.example/?h5.callwall', host).kind, 'game')
  assert.is(resolveLink('https://evil.example/#h5.callwall', host).kind, 'game')
  assert.is(resolveLink('https://xh5.callwall.evil.example/', host).kind, 'game', 'part of a label is not the label')
  assert.is(resolveLink('https://evil.example/x?u=/h5-activity/', ctx).kind, 'game', 'a path marker in the query')
  const both = { ...ctx, ownH5Marker: 'cdn.example.com/h5-activity/' }
  assert.is(resolveLink('https://cdn.example.com/h5-activity/a.html', both).kind, 'h5link')
  assert.is(resolveLink('https://evil.example/h5-activity/a.html', both).kind, 'game')
})

test.run()
