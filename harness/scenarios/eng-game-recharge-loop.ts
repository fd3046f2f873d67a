// A game that runs out of diamonds and asks for a recharge (ENG-07): the whole loop on the harness.
import { TEST_USER_ID } from '../seed.ts'
import { defineScenario } from '../scenario.ts'

export default defineScenario({
  name: 'eng-game-recharge-loop',
  description:
    'Gives the test user 150 diamonds (one spin of 100), games behaving normally. Open /gameCenter?token=test-token-100001 ' +
    'and play Lucky Wheel: the loading climbs to 99 % and reaches 100 % when the game says it has loaded. Spin once (100 is bet ' +
    'through the ledger, game.bet, and any win credited, game.win); at the next spin the game has too few diamonds and asks the ' +
    'app for a recharge: the recharge sheet opens over the game. Pay (PayPal approves, or a test card) and 2.5 s after the ' +
    'recharge the game shows the new balance the server answered. The game\'s close button (back) closes it.',
  steps: [
    { at: 0, label: 'games normal', run: (h) => Promise.all([101, 102, 103, 104].map((gameId) => h.control('game/behaviour', { gameId, mode: 'normal' }))) },
    { at: 0, label: 'games listed', run: (h) => h.control('game/list', { hidden: false }) },
    { at: 0, label: 'one spin left', run: (h) => h.setBalance(TEST_USER_ID, 150) },
  ],
})
