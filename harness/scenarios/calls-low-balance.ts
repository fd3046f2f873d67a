// The money runs out during a call: warnings at 2, 1 and 0 periods left, then the forced hang-up.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const SOFIA = 200002 // 80 diamonds a period

export default defineScenario({
  name: 'calls-low-balance',
  description:
    'Open /detail?id=200002 as the test user and tap Video call. The balance is 320 (four 10 s periods of 80): after begin-call ' +
    "240 is left; the low-balance warning shows at 2 periods, then 1, then 'Your call will end in N s' at 0, and the call hangs up " +
    'by itself (reason 3) about 28 s in. The recharge button in the warning shows only in builds with the recharge plugin.',
  steps: [
    {
      at: 0,
      label: '320 diamonds, 10 s periods, Sofia answers after 2 s',
      run: async (h) => {
        h.settings({ hostTickMs: 0, billingPeriodSec: 10 })
        await h.control('calls/reset')
        h.setBalance(TEST_USER_ID, 320)
        h.setHostStatus(SOFIA, 'online')
        await h.control('calls/behaviour', { hostId: SOFIA, answer: 'accept', afterSec: 2 })
      },
    },
  ],
})
