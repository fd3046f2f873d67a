// A fresh special offer today for the test user (PAY-09).
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'money-special-offer',
  description:
    "Forgets today's special offer of the test user, so the next visit to the wall starts a new one: open /wall?token=test-token-100001 " +
    'in a fresh private window (the popup shows once a day per device): the offer popup (2.99, 1:00:00 countdown) shows; close it and ' +
    'the gift icon keeps counting; buy it by card (4242 4242 4242 4242) and 4500 diamonds are credited once.',
  steps: [{ at: 0, label: "forget today's offer", run: (h) => h.control('offers/special/reset', { userId: TEST_USER_ID }) }],
})
