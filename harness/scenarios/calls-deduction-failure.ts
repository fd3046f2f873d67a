// The billing server fails: three failed deductions in a row end the call with reason 8.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const SOFIA = 200002

export default defineScenario({
  name: 'calls-deduction-failure',
  description:
    'Open /detail?id=200002 as the test user and tap Video call. Sofia answers after 2 s; begin-call charges 80; at the first ' +
    '10 s billing point the deduction fails, is retried 3 times in all, and the call hangs up (callOver reason 8). ' +
    'Only the begin-call charge is in `npm run harness -- ledger 100001`, and the balance shown equals it.',
  steps: [
    {
      at: 0,
      label: '10 s periods, Sofia answers after 2 s, the next 3 deductions fail',
      run: async (h) => {
        h.settings({ hostTickMs: 0, billingPeriodSec: 10 })
        await h.control('calls/reset')
        h.setBalance(TEST_USER_ID, 5000)
        h.setHostStatus(SOFIA, 'online')
        await h.control('calls/behaviour', { hostId: SOFIA, answer: 'accept', afterSec: 2 })
        await h.control('calls/fail-deductions', { count: 3 })
      },
    },
  ],
})
