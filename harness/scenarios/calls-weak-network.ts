// The host's network drops during a call: 10 s without video ends it with reason 6.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const SOFIA = 200002

export default defineScenario({
  name: 'calls-weak-network',
  description:
    "Open /detail?id=200002 as the test user and tap Video call. Sofia answers after 2 s; 8 s into the call her network drops " +
    "(quality 'down', she leaves the channel); 10 s later the app toasts 'Connection unstable. Auto-reconnected! Retry' and hangs up (reason 6).",
  steps: [
    {
      at: 0,
      label: 'Sofia answers after 2 s and drops 8 s into the call',
      run: async (h) => {
        h.settings({ hostTickMs: 0, billingPeriodSec: 10 })
        await h.control('calls/reset')
        h.setBalance(TEST_USER_ID, 5000)
        h.setHostStatus(SOFIA, 'online')
        await h.control('calls/behaviour', { hostId: SOFIA, answer: 'accept', afterSec: 2, dropAfterSec: 8 })
      },
    },
  ],
})
