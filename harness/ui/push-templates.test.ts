import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isLedgerBalance } from '../../kernel/session.ts'
import { callNotify, incomingCall } from '../../plugins/calls/api.ts'
import { usdtSettled } from '../../plugins/usdt/api.ts'
import { TEMPLATES } from './push-templates.ts'

/** each push type's own checks in the app (the handlers' guards), answering why one is dropped */
const handling: Record<string, (d: Record<string, unknown>) => string | null> = {
  // checked beside their handlers, which are not the plugins' public files
  'host.status': () => null, // plugins/wall/hosts.test.ts
  notice: () => null, // plugins/live/notices.test.ts
  'user.balance': (d) => (isLedgerBalance(d.diamondNum) ? null : 'not a ledger balance (session.setBalance)'),
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

test.run()
