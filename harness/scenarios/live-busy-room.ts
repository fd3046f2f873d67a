// A crowded room: hundreds watching, a fast chat in English and Arabic, entrances and notices.
import { defineScenario } from '../scenario.ts'

const HOST = 200001

export default defineScenario({
  name: 'live-busy-room',
  description:
    'Layla (200001) is live with 1,800 watching and a fast chat (about 30 lines and 8 entrances a second, en and ar, host lines ' +
    "translated). Open /wall?token=test-token-100001, tap the Live tab and Layla's card: the audience shows 1k+, the chat scrolls " +
    'smoothly and keeps its last 100 lines, entrance banners of higher levels slide in, the join list pops every 1.2 s. Gift notices ' +
    'cross the top every 10 s. Send a line: it shows at once in your colour.',
  steps: [
    { at: 0, label: 'Layla live, busy', run: (h) => h.control('live/start', { hostId: HOST }) },
    { at: 100, run: (h) => h.control('live/rate', { hostId: HOST, audience: 1800, chatPerSec: 30, eventsPerSec: 8 }) },
    { at: 2000, label: 'a gift notice', run: (h) => h.control('live/notice', { hostId: HOST, attachType: 66, giftNum: 99 }) },
    { at: 12_000, label: 'a lucky win', run: (h) => h.control('live/notice', { hostId: HOST, attachType: 88, totalReward: 50_000 }) },
    { at: 22_000, label: 'a VIP enters', run: (h) => h.control('live/notify', { hostId: HOST, type: 0, nick: 'Sultan', level: 58 }) },
  ],
})
