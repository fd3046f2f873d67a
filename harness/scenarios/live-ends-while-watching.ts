// The live ends while the viewer watches; no other host is live, so the end screen has no recommendation.
import { defineScenario } from '../scenario.ts'

const HOST = 200001

export default defineScenario({
  name: 'live-ends-while-watching',
  description:
    "Only Layla (200001) stays live. Open her room from the wall's Live tab (or /live?id=200001) within 10 s. At 10 s she ends the " +
    "live: the end screen shows her, Follow, Message and Video, and the hint pointing to the homepage (nobody else is live). " +
    'Minimise the room first (close, Minimize) and the picture-in-picture window shows Live ended; tapping it says the stream has ended.',
  steps: [
    {
      at: 0,
      label: 'only Layla live',
      run: async (h) => {
        const hosts = (await h.hosts()) as Array<{ userId: number; status: string }>
        for (const x of hosts) if (x.status === 'live' && x.userId !== HOST) await h.setHostStatus(x.userId, 'online')
        await h.control('live/start', { hostId: HOST })
      },
    },
    { at: 10_000, label: 'the live ends', run: (h) => h.control('live/end', { hostId: HOST }) },
  ],
})
