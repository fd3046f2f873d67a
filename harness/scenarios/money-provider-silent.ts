// The payment provider never answers in time: the app gives up with a clear message; nothing is credited.
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'money-provider-silent',
  description:
    'Open /getcoin as the test user, choose an item and a pay method and tap Recharge: the next order request is held 35 s, past ' +
    "the app's 30 s time-out, so the app says the network failed and the button comes back; the late order is left pending and never " +
    'credited (`npm run harness -- ledger 100001` shows no recharge). Tap Recharge again: it goes through.',
  steps: [
    {
      at: 0,
      label: 'the next createOrder answers after 35 s',
      run: (h) => h.settings({ faults: { '/api/fuse/v3/createOrder': { fail: 1, delayMs: 35_000 } } }),
    },
  ],
})
