// PayPal approved at the provider: the webhook credits the order once, the return URL finds it paid.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario, type ScenarioHandle } from '../scenario.ts'

/** the test user's newest pending order paid through a redirect provider, waiting up to 60 s for one */
async function pendingRedirectOrder(h: ScenarioHandle): Promise<{ orderCode: string } | null> {
  for (let i = 0; i < 60; i++) {
    const orders = (await h.control('pay/orders')) as Array<{ orderCode: string; userId: number; action: string; state: string; createdAt: number }>
    const mine = orders.filter((o) => o.userId === TEST_USER_ID && o.action === 'redirect' && o.state === 'pending').sort((a, b) => b.createdAt - a.createdAt)
    if (mine[0]) return mine[0]
    await h.wait(1000)
  }
  return null
}

export default defineScenario({
  name: 'money-paypal-approve',
  description:
    'Open /getcoin as the test user (/wall?token=test-token-100001, then tap the balance), choose $0.99 (PayPal only: no method ' +
    'selector) and tap Recharge: the security check shows, and 1.8 s later the harness provider page. Within 60 s this scenario ' +
    'approves the order at the provider (or tap Approve yourself); the webhook credits 590 diamonds (490 + the 100 first-charge ' +
    'gift) once, and going back to the app (/paystatus) shows Payment successful with the balance 1590 (`npm run harness -- ledger 100001`).',
  steps: [
    {
      at: 0,
      label: 'balance 1000, the webhook on',
      run: (h) => {
        h.settings({ payWebhook: true })
        h.setBalance(TEST_USER_ID, 1000)
      },
    },
    {
      at: 0,
      label: 'approve the pending PayPal order at the provider',
      run: async (h) => {
        const order = await pendingRedirectOrder(h)
        if (!order) throw new Error('no pending PayPal order of the test user within 60 s: tap Recharge in the app first')
        h.log('approving', order.orderCode)
        return h.control('pay/approve', { orderCode: order.orderCode, approve: true })
      },
    },
  ],
})
