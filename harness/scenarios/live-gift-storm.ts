// A gift storm in a busy room: simulated gifters send every second, combos and full-screen gifts.
import { defineScenario } from '../scenario.ts'

const HOST = 200001

export default defineScenario({
  name: 'live-gift-storm',
  description:
    'Layla (200001) is live with 2,000 watching, a fast chat and simulated gifters sending about 8 gifts a second (combos of ' +
    'the same gift, lucky gifts, now and then a full-screen one) for a minute. Open /wall?token=test-token-100001, tap the ' +
    "Live tab and Layla's card: gift records scroll in the chat, the ranking moves (every gift is a ledger row). Tap the gift " +
    'button and send a few gifts yourself, double-tapping Send: each tap within 1 s is one gift, the balance chip shows the ledger.',
  steps: [
    { at: 0, label: 'Layla live, busy', run: (h) => h.control('live/start', { hostId: HOST }) },
    { at: 100, run: (h) => h.control('live/rate', { hostId: HOST, audience: 2000, chatPerSec: 20, eventsPerSec: 5 }) },
    { at: 200, label: 'gifters start', run: (h) => h.control('gift/sim', { hostId: HOST, perSec: 8, burst: 10 }) },
    { at: 30_000, label: 'a failed send', run: (h) => h.control('gift/fail-send', { count: 1, mode: 'slow', ms: 9000 }) },
    { at: 60_000, label: 'gifters calm down', run: (h) => h.control('gift/sim', { hostId: HOST, perSec: 0.5 }) },
  ],
})
