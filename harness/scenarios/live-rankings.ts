// Fans send gifts while you watch: the rankings, the weekly task and the top spender move (LIVE-11, 12).
import { defineScenario } from '../scenario.ts'

const HOST = 200001

export default defineScenario({
  name: 'live-rankings',
  description:
    "Layla (200001) is live with private calls open. Open her room from the wall's Live tab and tap the audience count, then " +
    'Top Gifter: at 0 s VIP Viewer sends 3,000 diamonds of gifts, at 6 s White Label Viewer 900, at 12 s VIP Viewer 1,500 more ' +
    '(Now, Today and Week follow when reopened; the Week podium fills to two). Her No. pill, weekly task (4,500 of 5,000) and ' +
    'the gift history follow the same ledger rows; re-enter the room for the top spender. Tap the video icon for a private call.',
  steps: [
    {
      at: 0,
      label: 'live, private calls open',
      run: async (h) => {
        await h.control('live/start', { hostId: HOST })
        return h.control('live/private-call', { hostId: HOST, open: true })
      },
    },
    { at: 0, label: 'VIP Viewer: 3,000', run: (h) => h.control('rank/gifts', { hostId: HOST, key: 'scenario-rank-1', sends: [{ userId: 100002, diamonds: 3000, giftId: 2, count: 3 }] }) },
    { at: 6000, label: 'White Label Viewer: 900', run: (h) => h.control('rank/gifts', { hostId: HOST, key: 'scenario-rank-2', sends: [{ userId: 100004, diamonds: 900, giftId: 3, count: 1 }] }) },
    { at: 12_000, label: 'VIP Viewer: 1,500 more', run: (h) => h.control('rank/gifts', { hostId: HOST, key: 'scenario-rank-3', sends: [{ userId: 100002, diamonds: 1500, giftId: 1, count: 15 }] }) },
  ],
})
