// Not enough diamonds for a call: the app refuses before anything is placed.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const SOFIA = 200002 // 80 diamonds a period: a call needs 160

export default defineScenario({
  name: 'calls-insufficient',
  description:
    "Open /detail?id=200002&path=wall as the test user (/wall?token=test-token-100001 first) and tap Video call: the balance is 100, " +
    "under two periods of 80, so 'Insufficient balance' shows, the shop opens where this build has one, and no call is placed " +
    '(`npm run harness -- ledger 100001` shows no call charge).',
  steps: [
    {
      at: 0,
      label: '100 diamonds, Sofia online and willing',
      run: async (h) => {
        h.settings({ hostTickMs: 0 })
        await h.control('calls/reset')
        h.setBalance(TEST_USER_ID, 100)
        h.setHostStatus(SOFIA, 'online')
        await h.control('calls/behaviour', { hostId: SOFIA, answer: 'accept', afterSec: 2 })
      },
    },
  ],
})
