import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { TEMPLATES } from '../../harness/ui/push-templates.ts'
import { pushedWordOf } from './hosts.ts'

test('HAR-02 NET-08 the control page\'s host.status template is a status the wall follows (none dropped)', () => {
  const d = TEMPLATES['host.status'] as Record<string, unknown>
  assert.ok(pushedWordOf(d.onlineStatus, d.live), 'no status word')
})

test.run()
