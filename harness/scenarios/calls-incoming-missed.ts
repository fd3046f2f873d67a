// Host calls nobody answers, and one the user declines.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const MAYA = 200003
const LENA = 200005

export default defineScenario({
  name: 'calls-incoming-missed',
  description:
    'Open /wall?token=test-token-100001 and start this scenario. 3 s later host 200003 calls; do nothing: after 10 s the popup goes ' +
    'and the call is missed (missedReason 2). At 20 s host 200005 calls: tap Decline (missedReason 3). Both show in /callRecords.',
  steps: [
    {
      at: 0,
      label: 'a still wall',
      run: async (h) => {
        h.settings({ hostTickMs: 0 })
        await h.control('calls/reset')
        h.setHostStatus(MAYA, 'online')
        h.setHostStatus(LENA, 'online')
      },
    },
    { at: 3_000, label: 'host 200003 calls for 10 s', run: (h) => h.control('calls/incoming', { hostId: MAYA, userId: TEST_USER_ID, waitTime: 10 }) },
    { at: 20_000, label: 'host 200005 calls (decline it)', run: (h) => h.control('calls/incoming', { hostId: LENA, userId: TEST_USER_ID, waitTime: 20 }) },
  ],
})
