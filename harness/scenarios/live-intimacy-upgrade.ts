// An intimacy level-up: the test viewer's bar with Layla is full, her room is live.
import { defineScenario } from '../scenario.ts'

const HOST = 200001
const VIEWER = 100001

export default defineScenario({
  name: 'live-intimacy-upgrade',
  description:
    "Layla (200001) is live and the test viewer's intimacy with her is full for level 1 (100 of 100, not bound yet). Open her " +
    "room as test-token-100001, tap the heart in the side column: the sheet shows 'Not bound yet' with a lock and locked " +
    'privileges. Increase: the bar is full; tap the gift (99 diamonds), confirm: the ledger debits 99 once, the sheet reloads ' +
    'at Lv.1 (privileges of level 1 unlocked, the bar now towards 500), the room chat gets an intimacyUpgrade line, and the ' +
    "chat with Layla (/talk) a level-up line. A chat message to her adds 1 (20 a day), gifts 1 per 10 diamonds, calls 5 a minute (100 a day).",
  steps: [
    { at: 0, label: 'Layla live', run: (h) => h.control('live/start', { hostId: HOST }) },
    { at: 0, label: 'diamonds for the gift', run: (h) => h.setBalance(VIEWER, Math.max(1000, h.users().find((u) => u.userId === VIEWER)?.diamondNum ?? 0)) },
    { at: 100, label: 'the bar full for level 1', run: (h) => h.control('intimacy/set', { userId: VIEWER, hostId: HOST, experience: 100, level: 0 }) },
  ],
})
