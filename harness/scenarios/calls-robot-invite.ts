// Robot call invitations (IM-05) sent through the harness IM: a free robot guided call (CALL-11),
// then an invitation answered as a regular host, which becomes a direct call.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const ROBOT = 200006 // userType 3
const SOFIA = 200002

export default defineScenario({
  name: 'calls-robot-invite',
  description:
    'Open /user?token=test-token-100001 (the Me tab: invitations are ignored on /wall All and Live, /detail, /match, pay pages, ' +
    'during calls and in the first 10 s after messaging opens) and start this scenario. At 12 s robot host 200006 invites you: ' +
    'a free call starts and ends by itself after 15 s (the post-call sheet offers a recharge). At 45 s another invitation is ' +
    'looked up as host 200002 (user type 2): it becomes a direct call (billed as usual).',
  steps: [
    {
      at: 0,
      label: 'the robot host and Sofia online',
      run: async (h) => {
        h.settings({ hostTickMs: 0 })
        await h.control('calls/reset')
        h.setHostStatus(ROBOT, 'online')
        h.setHostStatus(SOFIA, 'online')
        await h.control('calls/behaviour', { hostId: SOFIA, answer: 'accept', afterSec: 3, hangUpAfterSec: 30 })
      },
    },
    { at: 12_000, label: 'the robot host invites: a free call', run: (h) => h.control('calls/robot-invite', { hostId: ROBOT, userId: TEST_USER_ID }) },
    { at: 45_000, label: 'an invitation for a regular host: a direct call', run: (h) => h.control('calls/robot-invite', { hostId: SOFIA, userId: TEST_USER_ID }) },
  ],
})
