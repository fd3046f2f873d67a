// What other plugins' harness slices may use of the live slice (the rooms): the only live file
// another plugin's harness code imports.
export { roomIdOf, roomOf } from './fake-rooms.ts'
