// A direct call billed for several periods: Sofia answers, talks for 45 s and hangs up.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const SOFIA = 200002 // 80 diamonds a period

export default defineScenario({
  name: 'calls-direct-billed',
  description:
    'Open /wall?token=test-token-100001, tap Sofia (or open /detail?id=200002) and tap Video call within a minute. ' +
    'She answers after 3 s; every 10 s billing period takes 80 diamonds (the in-call balance and, after the call, the header follow ' +
    '`npm run harness -- ledger 100001`); she hangs up after 45 s and the post-call sheet shows.',
  steps: [
    {
      at: 0,
      label: 'a still wall, 10 s billing periods, 5000 diamonds, Sofia online',
      run: async (h) => {
        h.settings({ hostTickMs: 0, billingPeriodSec: 10 })
        await h.control('calls/reset')
        h.setBalance(TEST_USER_ID, 5000)
        h.setHostStatus(SOFIA, 'online')
      },
    },
    { at: 0, label: 'Sofia answers after 3 s and hangs up 45 s into the call', run: (h) => h.control('calls/behaviour', { hostId: SOFIA, answer: 'accept', afterSec: 3, hangUpAfterSec: 45 }) },
    { at: 90_000, label: 'the ledger check', run: (h) => h.log('ledger', JSON.stringify(h.ledger(TEST_USER_ID).check)) },
  ],
})
