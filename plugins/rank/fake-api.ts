// What other plugins' harness slices may use of the rank slice (a room's rankings and the weekly
// tasks): the only rank file another plugin's harness code imports.
export { fanRank, hostRank, weeklyTasks } from './fake-ranks.ts'
