import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isLedgerBalance } from '../../kernel/session.ts'
import { callNotify, incomingCall } from '../../plugins/calls/api.ts'
import { noticeAllowed, parseNotice } from '../../plugins/live/notices.ts'
import { usdtSettled } from '../../plugins/usdt/api.ts'
import { pushedWordOf } from '../../plugins/wall/hosts.ts'
import { TEMPLATES } from './push-templates.ts'

/** each push type's own checks in the app (the handlers' guards), answering why one is dropped */
const handling: Record<string, (d: Record<string, unknown>) => string | null> = {
  'host.status': (d) => (pushedWordOf(d.onlineStatus, d.live) ? null : 'no status word (wall/hosts.ts)'),
  'user.balance': (d) => (isLedgerBalance(d.diamondNum) ? null : 'not a ledger balance (session.setBalance)'),
  notice: (d) => {
    let why = 'not allowed for level 0 without a game list'
    const n = parseNotice(d, Date.now(), (w) => (why = w))
    return n && noticeAllowed(n, 0, null) ? null : why
  },
  'pay.usdt': (d) => (usdtSettled(d) ? null : 'refused by usdtSettled'),
  'call.notify': (d) => (callNotify(d) ? null : 'refused by callNotify'),
  'call.incoming': (d) => (incomingCall(d) ? null : 'refused by incomingCall'),
}

test('HAR-02 HAR-05 LIVE-17 every push template of the control page is accepted by the app’s handling of its type (none dropped)', () => {
  for (const [type, data] of Object.entries(TEMPLATES)) {
    const check = handling[type]
    assert.ok(check, `no handling known for the template ${type}: add it here`)
    assert.is(check(data), null, `the ${type} template is dropped`)
  }
})

test('LIVE-17 a notice the app does not show says why (the default template of before named nobody)', () => {
  const reasons: string[] = []
  assert.is(parseNotice({ attachType: 66, content: 'A full-server notice' }, Date.now(), (w) => reasons.push(w)), null)
  assert.match(reasons[0], 'names nobody')
  assert.is(parseNotice({ attachType: 7, sendUserNickName: 'x' }, Date.now(), (w) => reasons.push(w)), null)
  assert.match(reasons[1], 'attachType 7')
})

test.run()
