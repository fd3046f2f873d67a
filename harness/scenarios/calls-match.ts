// A match call: the ticket, the free time, then billing.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'calls-match',
  description:
    'Open /match?token=test-token-100001 and tap the match button. An online host is picked and answers after 2 s; begin-call ' +
    "charges the 500 diamond ticket; the first 20 s are free ('Free time', no warnings), then every 10 s period is billed at the " +
    "host's price. The host hangs up 40 s into the call.",
  steps: [
    {
      at: 0,
      label: '10 s periods, 5000 diamonds; every host answers after 2 s and hangs up after 40 s',
      run: async (h) => {
        h.settings({ hostTickMs: 0, billingPeriodSec: 10 })
        await h.control('calls/reset')
        h.setBalance(TEST_USER_ID, 5000)
        await h.control('calls/behaviour', { answer: 'accept', afterSec: 2, hangUpAfterSec: 40 })
      },
    },
  ],
})
