// The payment provider is down for two attempts: clear messages, no order, no diamond moved.
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'money-provider-down',
  description:
    'Open /getcoin as the test user, choose any item and pay method and tap Recharge: the first two attempts answer ' +
    "the message pay.provider.unavailable (the app words it: 'Payment provider unavailable, try again') and create no order; the third goes through to the provider. The balance never changes " +
    'until a payment is approved (`npm run harness -- ledger 100001`).',
  steps: [
    {
      at: 0,
      label: 'createOrder fails twice',
      run: (h) => h.settings({ faults: { '/api/fuse/v3/createOrder': { fail: 2, code: '5000', msg: 'pay.provider.unavailable' } } }),
    },
  ],
})
