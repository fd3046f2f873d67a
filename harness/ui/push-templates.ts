// The control page's push templates: an example body for each push type the plugins declare in
// their api.ts (PushTypes), each one the app accepts and shows as it is (push-templates.test.ts
// sends every one through the handler's own checks).
export const TEMPLATES: Record<string, Record<string, unknown>> = {
  'host.status': { userId: 200001, yxAccid: 'host_200001', onlineStatus: 1, live: true },
  'user.balance': { diamondNum: 4200, reason: 'harness.adjust' },
  // d2 §4.10 attachType 66 gift fly: an app push names its sender and receiver (the receiver's room opens on a tap)
  notice: { attachType: 66, sendUserNickName: 'Omar', receiveUserNickName: 'Sofia', receiveUserId: 200002, giftId: 1001, giftNum: 3 },
  'pay.usdt': { status: true, orderCode: 'ORDER-CODE' },
  'call.notify': { channelId: 'CHANNEL-ID', type: 3 },
  'call.incoming': { channelId: 'CHANNEL-ID', callUserId: 200003, nickname: 'Host', waitTime: 20, videoPrice: 60 },
}
