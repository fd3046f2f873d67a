// Full-server notices arriving faster than they can show: one at a time, 10 s apart, stale ones dropped.
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'live-notice-storm',
  description:
    'Twelve full-server notices (gift flies, lucky wins, game wins, a system notice) arrive within 6 s, plus one already 11 minutes ' +
    'old. Stay on any page (the wall, your profile, a live room): they cross the top one at a time, 1 s in and 1 s out, 10 s apart ' +
    '(lucky wins stay 5 s); the old one never shows. Tap one: you go to that host\'s room, or, if you are in it, see ' +
    "'Already in this live room'.",
  steps: [
    ...Array.from({ length: 12 }, (_, i) => ({
      at: i * 500,
      run: (h: import('../scenario.ts').ScenarioHandle) =>
        h.control('live/notice', { attachType: [66, 88, 65, 89][i % 4], giftNum: i + 1, totalReward: 1000 * (i + 1), sendUserNickName: ['Khalid', 'Omar', 'Sam', 'فهد'][i % 4] }),
    })),
    { at: 6500, label: 'a stale notice', run: (h) => h.control('live/notice', { attachType: 66, pushTime: Date.now() - 11 * 60_000 }) },
  ],
})
