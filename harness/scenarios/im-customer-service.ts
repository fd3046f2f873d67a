// IM-06: customer service: the FAQ robot, then an agent's answer and a payment notice.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'im-customer-service',
  description:
    'Open /customer-talk?token=test-token-100001 (or /customer/ar for the Arabic FAQ). Tap the chips (Recharge has ' +
    'sub-questions, Contact offers a copy), write or send a picture: the robot answers from the FAQ. At 8 s an agent writes; ' +
    'at 12 s a payment-success notice (viewFlag 4) arrives.',
  steps: [
    { at: 8000, label: 'an agent writes', run: (h) => h.control('im/send', { from: 'customer_service', to: TEST_USER_ID, text: 'Hello, this is Nora from support. How can I help?' }) },
    { at: 12_000, label: 'a payment notice', run: (h) => h.control('im/send', { from: 'customer_service', to: TEST_USER_ID, kind: 'paid' }) },
  ],
})
