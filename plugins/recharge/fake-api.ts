// What other plugins' harness slices (and their tests) may use of the recharge slice: its order
// book, its price list, the outcome of a payment, a store purchase. The only recharge file another
// plugin's harness code imports.
export { close, isVipUser, needOrder, orders, orderStatus, queryStatus, recordProvider, settle, template, USDT_EXPIRE_MS } from './fake-orders.ts'
export { itemFor } from './fake.ts'
export { seedTemplate } from './fake-catalog.ts'
export { storePurchase } from './fake-store.ts'
