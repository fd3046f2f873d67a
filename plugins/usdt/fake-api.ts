// What other plugins' harness code (and tests) may use of the usdt slice: the tick that settles or
// expires its pending orders. The only usdt file another plugin's harness code imports.
export { usdtTick } from './fake.ts'
