// IM-02: messaging drops while you chat; what you send waits and goes out on reconnect; then
// one send fails and is retried by hand.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'im-disconnected-send',
  description:
    'Open /talk?to=host_200002&taPath=host_card&token=test-token-100001. At 3 s messaging drops and the next login is refused ' +
    '(back after about 6 s): send a message meanwhile, it shows a clock and a warning, then goes out by itself. From 20 s the ' +
    'next send fails: it is marked with a red ! that sends it again.',
  steps: [
    { at: 0, label: 'a line to start', run: (h) => h.control('im/send', { from: 200002, to: TEST_USER_ID, text: 'Hey, talk to me 💬' }) },
    { at: 3000, label: 'messaging drops', run: (h) => h.control('im/drop', { userId: TEST_USER_ID, refuseLogins: 1 }) },
    { at: 20_000, label: 'the next send fails', run: (h) => h.control('im/fail-sends', { userId: TEST_USER_ID, times: 1 }) },
  ],
})
