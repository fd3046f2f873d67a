// The test user's VIP ends in 2 days: the expiry reminder (PAY-08), then a renewal extends it.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'money-vip-expiring',
  description:
    "Makes the test user VIP until 2 days from now. Open /wall?token=test-token-100001: 'Your VIP ends in 2 days' shows once " +
    'today; /detail?id=200002 shows the VIP call price (72 instead of 80); /vip offers Renew, and buying 30 days by card extends the ' +
    'end by 30 days from the current end.',
  steps: [{ at: 0, label: 'VIP for 2 more days', run: (h) => h.control('vip/set', { userId: TEST_USER_ID, days: 2 }) }],
})
