// Quiet night: nobody is around. Every host goes offline (the wall shows its empty state).
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'quiet-night',
  description: 'Every host goes offline and the random timeline stops',
  steps: [
    { at: 0, label: 'pause the random host timeline', run: (h) => h.settings({ hostTickMs: 0 }) },
    {
      at: 0,
      label: 'everyone goes offline',
      run: (h) => {
        for (const host of h.hosts()) if (host.status !== 'offline') h.setHostStatus(host.userId, 'offline')
      },
    },
  ],
})
