// What other plugins' harness slices may use of the offers slice (a host's discount for a
// viewer): the only offers file another plugin's harness code imports.
export { discountOffFor } from './fake.ts'
