// A USDT order settled 'paid' by the harness 10 s after it was created (the usdt slice's auto-settle).
import { defineScenario } from '../scenario.ts'

export const SETTLE_AFTER_MS = 10_000

export default defineScenario({
  name: 'money-usdt-paid',
  description:
    'Open /getcoin as the test user (/wall?token=test-token-100001, then tap the balance), choose $9.99, pick USDT (crypto), ' +
    'tap Recharge, choose TRC20 and Pay with USDT: the amount, the address, the processing notice and the 5-minute countdown show. ' +
    '10 s after the order was created the transfer arrives: the order is credited once (4900 + 735 bonus + 490 USDT gift + the 1000 first-charge gift = 7125) and pay.usdt {status: true, orderCode} is pushed, so /usdtPay moves to /usdtPay/pay-status (Payment successful) and the floating badge says Paid for an hour. `npm run harness -- ledger 100001` shows what moved.',
  steps: [
    {
      at: 0,
      label: "USDT orders settle 'paid' 10 s after creation",
      run: (h) => h.settings({ usdtAutoSettle: 'paid', usdtAutoSettleMs: SETTLE_AFTER_MS }),
    },
  ],
})
