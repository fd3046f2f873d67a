// A lucky jackpot: the next lucky gift the viewer sends wins 500x.
import { defineScenario } from '../scenario.ts'

const HOST = 200001

export default defineScenario({
  name: 'live-lucky-jackpot',
  description:
    "Layla (200001) is live. The next lucky gift wins 500x its price (a jackpot, winningStyle 3). Open Layla's room as " +
    'test-token-100001, tap the gift button, the Lucky Gifts tab, Lucky clover, Send: the win shows with its diamonds, the ' +
    'chat gets a luckyGift record, and the balance chip is the ledger (price debited, reward credited once).',
  steps: [
    { at: 0, label: 'Layla live', run: (h) => h.control('live/start', { hostId: HOST }) },
    { at: 100, label: 'the next lucky send wins', run: (h) => h.control('gift/lucky-force', { multiple: 500, winningStyle: 3, times: 1 }) },
    { at: 200, label: 'a simulated gifter tries luck too', run: (h) => h.control('gift/sim', { hostId: HOST, perSec: 0, burst: 3 }) },
  ],
})
