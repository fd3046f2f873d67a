// The live room's API paths (d2 §7). Those the spec does not show are chosen here and listed in
// harness/README.md: neighbours, leave, quick messages, translation, anti-spam, block.
export const LivePaths = {
  listV2: '/api/agora/live/queryLiveListV2',
  followList: '/api/agora/live/queryMyFollowLive',
  enter: '/api/agora/live/getRoomAndJoinRoomV2',
  getRoom: '/api/agora/live/getRoom',
  status: '/api/agora/live/checkRoomsLiveStatus',
  activities: '/api/agora/live/getLiveActivityConfig',
  neighbours: '/api/agora/live/switchRoom',
  leave: '/api/agora/live/leaveRoom',
  quickMessages: '/api/live/quickMessage/list',
  translate: '/api/translate/text',
  antiSpam: '/api/live/antiSpam/check',
} as const
