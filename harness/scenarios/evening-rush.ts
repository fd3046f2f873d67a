// Evening rush: the wall fills up. Several hosts come online, one goes live, one gets busy,
// a malformed push arrives (the app must shrug it off, NET-07) and one host leaves.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

const [ama, bea, cat, dia, eve] = [200006, 200007, 200010, 200013, 200016] // all offline in the fixtures

export default defineScenario({
  name: 'evening-rush',
  description: 'Several hosts come online, one goes live, one gets busy, a malformed push, one goes offline',
  steps: [
    { at: 0, label: 'pause the random host timeline', run: (h) => h.settings({ hostTickMs: 0 }) },
    {
      at: 0,
      label: 'four hosts come online',
      run: async (h) => {
        for (const id of [ama, bea, cat, dia]) {
          h.setHostStatus(id, 'online')
          await h.wait(250)
        }
      },
    },
    { at: 2000, label: 'one goes live', run: (h) => h.setHostStatus(eve, 'live') },
    { at: 3500, label: 'one gets busy', run: (h) => h.setHostStatus(bea, 'busy') },
    { at: 4500, label: 'a malformed push', run: (h) => h.push(TEST_USER_ID, { raw: '{"pushType":"host.status","data":' }) },
    { at: 6000, label: 'one goes offline', run: (h) => h.setHostStatus(cat, 'offline') },
  ],
})
