// The provider's webhook is lost: only the return URL or a status query confirms a payment (still credited once).
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'money-no-webhook',
  description:
    'Open /getcoin as the test user and pay $0.99 with PayPal; on the harness provider page tap Approve. No webhook arrives: the ' +
    'return to /paystatus confirms the payment and credits it once. Variant: copy the order code, close the tab on the provider page, ' +
    'then open /paystatus?orderCode=<code> and tap Check again: the status query recovers the missed webhook. Card payments show their ' +
    'receipt the same way.',
  steps: [{ at: 0, label: 'the webhook off', run: (h) => h.settings({ payWebhook: false }) }],
})
