// What other plugins' harness slices may use of the engage slice (the sign-in state a task list
// shows): the only engage file another plugin's harness code imports.
export { appShiftFor, signinClaimable } from './fake.ts'
