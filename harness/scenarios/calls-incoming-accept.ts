// A host calls the user: accept it, talk, she hangs up.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const MAYA = 200003 // 90 diamonds a period

export default defineScenario({
  name: 'calls-incoming-accept',
  description:
    'Open /wall?token=test-token-100001 and start this scenario. 5 s later host 200003 calls you: the incoming popup rings for 30 s. ' +
    'Tap Accept: the call connects and is billed every 10 s (90 a period); she hangs up 40 s into the call and the post-call sheet shows.',
  steps: [
    {
      at: 0,
      label: '10 s periods, 5000 diamonds; the host hangs up 40 s into the call',
      run: async (h) => {
        h.settings({ hostTickMs: 0, billingPeriodSec: 10 })
        await h.control('calls/reset')
        h.setBalance(TEST_USER_ID, 5000)
        h.setHostStatus(MAYA, 'online')
        await h.control('calls/behaviour', { hostId: MAYA, answer: 'accept', afterSec: 0, hangUpAfterSec: 40 })
      },
    },
    { at: 5_000, label: 'the host calls', run: (h) => h.control('calls/incoming', { hostId: MAYA, userId: TEST_USER_ID, waitTime: 30 }) },
  ],
})
