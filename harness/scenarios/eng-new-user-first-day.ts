// A new user's first day (SHELL-16, SHELL-17, ENG-02): the guide, a popup, the check-in.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'eng-new-user-first-day',
  description:
    'Makes the test user a new user of level 0 who never paid, with no check-in yet, and the wall offers off. Open ' +
    '/wall?token=test-token-100001: the guide lights a host card, then the tabs, with Skip always lit; after it, the welcome ' +
    "activity popup, then the daily check-in ('Unlock 1510 diamonds'). Claiming says 'LV1 or higher required to claim.' and " +
    'opens recharge. After 20 s the user reaches level 1: claim again from Me > Daily check-in and day 1 (50 diamonds) is ' +
    'credited once; after 40 s a second activity popup is queued (it shows on the next start, once a day).',
  steps: [
    { at: 0, label: 'wall offers off', run: (h) => h.settings({ wallOffers: false }) },
    { at: 0, label: 'a new, unpaid user of level 0', run: (h) => h.control('engage/user', { userId: TEST_USER_ID, isNewUser: true, paid: false, level: 0 }) },
    { at: 0, label: 'no check-in yet', run: (h) => h.control('engage/signin/reset', { userId: TEST_USER_ID }) },
    { at: 20_000, label: 'level 1', run: (h) => h.control('engage/user', { userId: TEST_USER_ID, level: 1 }) },
    {
      at: 40_000,
      label: 'a second activity popup',
      run: (h) => h.control('engage/popup', { userId: TEST_USER_ID, popup: { id: 'first-day-vip', title: { en: 'Try VIP', ar: 'جرّب VIP' }, text: { en: '10% off every private call.', ar: 'خصم 10٪ على كل مكالمة خاصة.' }, jumpUrl: '/vip', frontPriority: 2 } }),
    },
  ],
})
