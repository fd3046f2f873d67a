// IM-03: greetings from strangers arrive one after another; following one moves her to the chats.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'im-greetings-arrive',
  description:
    'Open /wall?token=test-token-100001 and tap Messages. At 2 s, 6 s and 10 s hosts you neither follow nor have called say hi: ' +
    'they gather behind the Greetings entry (with a top banner unless do-not-disturb is on). Open one, tap Follow, go back: ' +
    'she leaves the greetings. When the last one leaves, the page returns to /message.',
  steps: [
    { at: 0, label: 'greetings on', run: (h) => h.control('im/greeting-config', { userId: TEST_USER_ID, isEnable: 1, unReadMsgNum: 0 }) },
    { at: 2000, label: 'a greeting', run: (h) => h.control('im/greeting', { userId: TEST_USER_ID, hostId: 200011 }) },
    { at: 6000, label: 'a greeting in Arabic', run: (h) => h.control('im/greeting', { userId: TEST_USER_ID, hostId: 200013, lang: 'ar' }) },
    { at: 10_000, label: 'a third greeting', run: (h) => h.control('im/greeting', { userId: TEST_USER_ID, hostId: 200016 }) },
  ],
})
