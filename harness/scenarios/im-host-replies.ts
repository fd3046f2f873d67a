// IM-02: a host chats: history, a gift, a missed call, then answers whatever you write.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const SOFIA = 200002

export default defineScenario({
  name: 'im-host-replies',
  description:
    'Open /talk?to=host_200002&taPath=host_card&token=test-token-100001. Sofia writes, sends a gift (3 s) and leaves a missed ' +
    'call (5 s); the recharge service posts a payment notice (7 s). Write to her: she answers in the language you wrote in, ' +
    'about 1.5 s later. Scroll to the top to page back.',
  steps: [
    {
      at: 0,
      label: 'some history',
      run: async (h) => {
        for (let i = 1; i <= 25; i++) await h.control('im/send', { from: SOFIA, to: TEST_USER_ID, text: `Message ${i} from earlier today` })
      },
    },
    { at: 1000, label: 'a line', run: (h) => h.control('im/send', { from: SOFIA, to: TEST_USER_ID, text: 'Hi! Are you there? 😊' }) },
    { at: 3000, label: 'a gift', run: (h) => h.control('im/send', { from: SOFIA, to: TEST_USER_ID, kind: 'gift' }) },
    { at: 5000, label: 'a missed call', run: (h) => h.control('im/send', { from: SOFIA, to: TEST_USER_ID, kind: 'missed-call' }) },
    { at: 7000, label: 'a payment notice', run: (h) => h.control('im/send', { from: 'recharge_notify', to: TEST_USER_ID, kind: 'paid' }) },
  ],
})
