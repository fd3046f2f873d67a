// What other plugins' harness slices may use of the wish slice (a host's wish list and gift
// agreement): the only wish file another plugin's harness code imports.
export { agreementOf, wishListOf } from './fake.ts'
