// What other plugins' harness slices may use of the gift slice (the catalogue as the app sees
// it): the only gift file another plugin's harness code imports.
export { catalogue, giftView } from './fake.ts'
