// The host goes into a private call, comes back, then ends her live.
import { defineScenario } from '../scenario.ts'

const HOST = 200001

export default defineScenario({
  name: 'live-host-away',
  description:
    "Layla (200001) is live. Open her room from the wall's Live tab within 5 s. At 8 s she goes into a private call: the room says " +
    'she will be back soon (a minimised room shows Private Call). At 16 s she is back and the video plays again. At 30 s she ends ' +
    'the live: the end screen shows Follow, Message, Video, Next Live and other live hosts.',
  steps: [
    { at: 0, label: 'live', run: (h) => h.control('live/start', { hostId: HOST }) },
    { at: 8000, label: 'away in a call', run: (h) => h.control('live/away', { hostId: HOST, away: true }) },
    { at: 16_000, label: 'back', run: (h) => h.control('live/away', { hostId: HOST, away: false }) },
    { at: 30_000, label: 'ends the live', run: (h) => h.control('live/end', { hostId: HOST }) },
  ],
})
