// A USDT order settled 'underpaid' by the harness 10 s after it was created (the usdt slice's auto-settle).
import { defineScenario } from '../scenario.ts'

export const SETTLE_AFTER_MS = 10_000

export default defineScenario({
  name: 'money-usdt-underpaid',
  description:
    'Open /getcoin as the test user (/wall?token=test-token-100001, then tap the balance), choose $9.99, pick USDT (crypto), ' +
    'tap Recharge, choose TRC20 and Pay with USDT: the amount, the address, the processing notice and the 5-minute countdown show. ' +
    '10 s after the order was created 90 % of the amount arrives: the order fails, nothing is credited, and pay.usdt {status: false} is pushed: the app says the payment was not completed and clears the pending order. `npm run harness -- ledger 100001` shows what moved.',
  steps: [
    {
      at: 0,
      label: "USDT orders settle 'underpaid' 10 s after creation",
      run: (h) => h.settings({ usdtAutoSettle: 'underpaid', usdtAutoSettleMs: SETTLE_AFTER_MS }),
    },
  ],
})
