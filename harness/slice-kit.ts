// The one harness entry a plugin's harness slice (plugins/<id>/fake.ts, fake-*.ts, fake/) imports:
// the context it works with, the helpers the harness shares, and typed reads of the state file.
// A slice reaches another plugin's slice only through that plugin's fake-api.ts, never its files.
export { defineFake, EndpointError, mediaOf, RawReply } from './types.ts'
export type { Endpoint, EndpointCall, FakeSlice, HarnessContext, LedgerEntry, UserRow, Words } from './types.ts'
export { boundedCount, boundedRecord } from './bounds.ts'
export { langOf } from './http.ts'
export { createMover } from './ledger.ts'
export { byWallOrder, followedIds, hostCard, hosts, page, pushedCode, setHostStatus, statusWord } from './hosts.ts'
export { avatarPath, fixture, newImToken } from './seed.ts'
export { chatRoomsOf } from './im-chatroom.ts'
export { seededRandom, type Random } from './random.ts'
export { memoryOf } from './memory.ts'
export type { ImService } from './im.ts'
export { issueUploadCredentials } from './oss.ts'
export { collection, type Collection, type Collections } from './collections.ts'
export { blockedIds, hasBlocked, withoutBlocked } from './blocks.ts'
