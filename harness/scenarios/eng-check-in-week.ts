// A week of daily check-ins (ENG-02): each step moves the user's check-in clock a day on.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const DAY_STEP_MS = 15_000

export default defineScenario({
  name: 'eng-check-in-week',
  description:
    'Starts the test user (paid, level 3: rewards x2) on day 1 of the check-in cycle, then moves their check-in clock a day on ' +
    `every ${DAY_STEP_MS / 1000} s, seven times. Open /wall?token=test-token-100001, then Me > Daily check-in after each step: ` +
    'claim the day that opens (100, 200, ... 920 diamonds); a day already claimed shows Checked, the next one counts down to ' +
    "midnight, a second claim the same day answers 'Signed in today'. The ledger credits each day once.",
  steps: [
    { at: 0, label: 'cycle reset', run: (h) => h.control('engage/signin/reset', { userId: TEST_USER_ID }) },
    ...Array.from({ length: 7 }, (_, i) => ({
      at: (i + 1) * DAY_STEP_MS,
      label: `day ${i + 2}`,
      run: (h: { control(name: string, body?: Record<string, unknown>): Promise<unknown> }) => h.control('engage/signin/advance', { userId: TEST_USER_ID }),
    })),
  ],
})
