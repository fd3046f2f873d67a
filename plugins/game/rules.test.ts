import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { framePlan, groupGames, nextProgress, parseGameMessage, PROGRESS_CAP, tokenHostAllowed } from './rules.ts'

const app = 'https://app.example.com'
const ctx = { appOrigin: app, tokenHosts: ['games.partner.com', '.trusted.io', '/__harness/game/'], imToken: 'im-tok', userId: 42 }

test('ENG-07 the loading climbs by 15 to 24 per step and stops at 99', () => {
  assert.is(nextProgress(0, 0), 15)
  assert.is(nextProgress(0, 0.999), 24)
  assert.is(nextProgress(10, 0.5), 30)
  let p = 0
  const seen: number[] = []
  for (let i = 0; i < 12; i++) {
    const next = nextProgress(p, (i * 0.37) % 1)
    if (p < PROGRESS_CAP) assert.ok(next - p >= 15 && next - p <= 24 || next === PROGRESS_CAP, `step ${p} -> ${next}`)
    p = next
    seen.push(p)
  }
  assert.is(p, 99)
  assert.ok(seen.every((v) => v <= 99))
})

test('ENG-07 only a plain { event } of recharge, back or loadDone is a game message; hostile shapes are dropped', () => {
  assert.is(parseGameMessage({ event: 'recharge' }), 'recharge')
  assert.is(parseGameMessage({ event: 'back' }), 'back')
  assert.is(parseGameMessage({ event: 'loadDone', at: 3 }), 'loadDone')
  const hostile: unknown[] = [
    'recharge',
    '{"event":"back"}',
    null,
    undefined,
    42,
    ['back'],
    { type: 'back' },
    { event: 'Recharge' },
    { event: 'coinBalance' },
    { event: 'back', x: 'y'.repeat(5000) },
    { event: { toString: () => 'back' } },
    { event: 'back', nested: { a: 1 } },
    Object.create({ event: 'back' }),
    new (class X { event = 'back' })(),
    Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]).concat([['event', 'back']])),
  ]
  for (const m of hostile) assert.is(parseGameMessage(m), null, JSON.stringify(m)?.slice(0, 60))
})

test('ENG-07 the sandbox grants allow-same-origin only to the app\'s own origin, never with scripts to a foreign one', () => {
  const own = framePlan('/__harness/game/play?id=101', ctx)!
  assert.is(own.own, true)
  assert.is(own.origin, app)
  assert.ok(own.sandbox.includes('allow-scripts') && own.sandbox.includes('allow-same-origin'))
  for (const link of ['https://games.partner.com/slot', 'https://evil.example/x', 'http://app.example.com:8080/g', 'https://app.example.com.evil.com/g']) {
    const p = framePlan(link, ctx)!
    assert.is(p.own, false, link)
    assert.is(p.origin, 'null', link)
    assert.ok(p.sandbox.includes('allow-scripts'), link)
    assert.not.ok(p.sandbox.includes('allow-same-origin'), link)
    assert.not.ok(p.sandbox.includes('allow-top-navigation'), link)
  }
})

test('ENG-07 SHELL-14 a page on the app\'s own origin is trusted only where the base config lists it: an uploaded page gets no same-origin sandbox and no token', () => {
  const links = ['/__harness/oss/file?key=callwall%2Fchat%2F1.png', `${app}/upload/evil.html`, '/__harness/game/..%2Foss/file?key=x', '/__harness/game/%2e%2e/oss/file', '/__harness/game/../oss/file', '/__harness/gamex/play']
  for (const link of links) {
    const p = framePlan(link, ctx)!
    assert.equal([p.own, p.origin, p.withToken], [false, 'null', false], link)
    assert.not.ok(p.sandbox.includes('allow-same-origin'), link)
    assert.is(new URL(p.src).searchParams.get('imToken'), null, link)
  }
  const listed = framePlan('/__harness/game/play?id=101', ctx)!
  assert.equal([listed.own, listed.withToken], [true, true], 'a listed path is (the rule ran)')
  // a host name never covers the app's own origin: only a path does
  const byName = framePlan('/__harness/oss/file?key=x', { ...ctx, tokenHosts: ['app.example.com'] })!
  assert.equal([byName.own, byName.withToken], [false, false])
})

test('SHELL-14 ENG-07 the IM token and userId go with a game URL only to the own origin and the hosts the base config allows', () => {
  const q = (link: string, c = ctx) => new URL(framePlan(link, c)!.src).searchParams
  assert.is(q('https://games.partner.com/slot?room=3').get('imToken'), 'im-tok')
  assert.is(q('https://games.partner.com/slot?room=3').get('userId'), '42')
  assert.is(q('https://games.partner.com/slot?room=3').get('room'), '3')
  assert.is(q('https://play.trusted.io/x').get('imToken'), 'im-tok')
  assert.is(q('/__harness/game/play?id=1').get('userId'), '42')
  // not allowed: nothing of the user goes, even when the link brought its own copy
  const foreign = q('https://evil.example/x?imToken=stolen&userId=1&a=b')
  assert.is(foreign.get('imToken'), null)
  assert.is(foreign.get('userId'), null)
  assert.is(foreign.get('a'), 'b')
  assert.is(framePlan('https://evil.example/x', ctx)!.withToken, false)
  assert.is(q('https://trusted.io.evil.example/x').get('imToken'), null)
  assert.not.ok(tokenHostAllowed('trusted.io', ['.trusted.io']))
  assert.not.ok(tokenHostAllowed('xgames.partner.com', ['games.partner.com']))
})

test('ENG-07 hostile game links open nothing: script, data, file, credentials, control characters', () => {
  for (const link of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>1</script>', 'file:///etc/passwd', 'https://user:pw@games.partner.com/', 'java\nscript:alert(1)', '\\\\evil.example', '', '   ', 42, null]) {
    assert.is(framePlan(link, ctx), null, String(link))
  }
})

test('ENG-07 the game centre groups games by category, best priority first', () => {
  const g = (gameId: number, cat: string, priority: number) => ({ gameId, gameCategories: cat, gameCategoriesName: cat.toUpperCase(), priority })
  const groups = groupGames([g(1, 'slots', 3), g(2, 'hot', 1), g(3, 'slots', 2), { gameId: 4, priority: 9 }])
  assert.equal(groups.map((x) => [x.key, x.name, x.games.map((y) => y.gameId)]), [
    ['hot', 'HOT', [2]],
    ['slots', 'SLOTS', [3, 1]],
    ['other', 'other', [4]],
  ])
})

test.run()
