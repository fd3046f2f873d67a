// ChatRoomClient over nim-web-sdk-ng's chat-room client (V2NIMChatroomClient). The SDK module is
// handed in by loadChatRoom (a dynamic import); tests hand in a fake. Text lines carry the
// sender's badges in serverExtension; custom lines (record types) carry JSON in attachment.raw;
// notification messages (messageType 5) become member notices by their attachment's type.
// The slices below are Pick<>s of the SDK's own types: a call or event the installed SDK does not
// have fails the type check.
import type { V2NIMChatroomClient, V2NIMChatroomClientListener } from 'nim-web-sdk-ng/dist/v2/CHATROOM_BROWSER_SDK'
import type { V2NIMChatroomMessage, V2NIMChatroomMessageCreator, V2NIMChatroomNotificationAttachment } from 'nim-web-sdk-ng/dist/v2/CHATROOM_BROWSER_SDK/V2NIMChatroomMessageService'
import type { V2NIMChatroomInitParams, V2NIMChatroomService } from 'nim-web-sdk-ng/dist/v2/CHATROOM_BROWSER_SDK/V2NIMChatroomService'
import { createEmitter } from './emitter.ts'
import { withDeadline } from './deadline.ts'
import type { ChatRoom, ChatRoomClient, ChatRoomEvents, ChatRoomMessage } from './chatroom.ts'

/** the SDK's own bound on enter(), in seconds (its default is 60) */
export const ENTER_TIMEOUT_S = 10
/** ours, a little later, in case the SDK never settles at all */
const ENTER_DEADLINE_MS = (ENTER_TIMEOUT_S + 2) * 1000
/** a send waits at most this long for the server's answer */
const SEND_DEADLINE_MS = 10_000

/** V2NIMChatroomStatus (a const enum in the typings, so read here; the offline SDK test checks them
 *  against the runtime V2NIMChatroomConst): 0 disconnected, 1 waiting to reconnect, 2 connecting,
 *  3 connected, 4 entering, 5 entered, 6 exited. */
export const RoomStatus = { disconnected: 0, waiting: 1, connecting: 2, connected: 3, entering: 4, entered: 5, exited: 6 } as const

export type NimRoomMessage = Pick<V2NIMChatroomMessage, 'messageClientId' | 'senderId' | 'createTime' | 'messageType' | 'text' | 'serverExtension' | 'userInfoConfig'> & {
  attachment?: Partial<V2NIMChatroomNotificationAttachment> & { raw?: string; targetNicks?: string | string[] }
}
export type NimRoom = Pick<V2NIMChatroomClient, 'enter' | 'exit' | 'on' | 'off' | 'getInstanceId'> & {
  V2NIMChatroomService: Pick<V2NIMChatroomService, 'on' | 'off' | 'sendMessage'>
  V2NIMChatroomMessageCreator: Pick<V2NIMChatroomMessageCreator, 'createTextMessage'>
}
export interface NimChatRoomSdk {
  V2NIMChatroomClient: { newInstance(...a: Parameters<typeof V2NIMChatroomClient.newInstance>): NimRoom; destroyInstance(id: number): void }
}
/** the chat-room link addresses for a room (V2NIMLoginService.getChatroomLinkAddress of the logged-in IM) */
export type ChatRoomLinks = (roomId: string, accountId: string) => Promise<string[]>

type RoomEvents = V2NIMChatroomClientListener
/** DebugLevel is a const enum of strings in the typings: its 'off' member, by value */
const QUIET = 'off' as NonNullable<V2NIMChatroomInitParams['debugLevel']>

const json = (s: unknown): Record<string, unknown> | undefined => {
  if (typeof s !== 'string' || !s) return undefined
  try {
    const v = JSON.parse(s)
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined
  } catch {
    return undefined
  }
}

function toRoomMessage(m: NimRoomMessage): ChatRoomMessage {
  const ext = json(m.serverExtension)
  const custom = m.messageType === 100 ? json(m.attachment?.raw) : undefined
  return {
    messageClientId: m.messageClientId,
    from: m.senderId,
    // the SDK fills userInfoConfig.senderNick from the wire (the nick given at enter)
    fromNick: String(ext?.nick ?? m.userInfoConfig?.senderNick ?? m.senderId),
    ...(typeof m.text === 'string' && { text: m.text }),
    ...(custom && { custom }),
    ...(ext && { ext }),
    time: m.createTime,
  }
}

export function createNimChatRoom(opts: { appKey: string; sdk: NimChatRoomSdk; links: ChatRoomLinks }): ChatRoomClient {
  if (!opts.appKey) throw new Error('nimAppKey is missing from the app config')
  const { V2NIMChatroomClient: Client } = opts.sdk
  return {
    async enter({ roomId, account, token, nick, ext }) {
      const events = createEmitter<ChatRoomEvents>()
      const room = Client.newInstance({ appkey: opts.appKey, debugLevel: QUIET })
      let closed = false
      const onStatus = (status: number) => {
        if (closed) return
        if (status === RoomStatus.entered) events.emit('connect-state', { state: 'connected' })
        else if (status === RoomStatus.disconnected || status === RoomStatus.waiting) events.emit('connect-state', { state: 'reconnecting' })
      }
      // the SDK gave up on the room (its reconnects failed, or the room closed): chat is lost, the live may go on
      const onExited = () => !closed && events.emit('connect-state', { state: 'failed', reason: 'exited' })
      const onKicked = () => !closed && events.emit('connect-state', { state: 'closed', reason: 'kicked' })
      const onMessages = (list: NimRoomMessage[]) => {
        for (const m of list ?? []) {
          if (m.messageType === 5 && m.attachment) {
            const a = m.attachment
            const nicks = Array.isArray(a.targetNicks) ? a.targetNicks : a.targetNicks ? [a.targetNicks] : []
            const extra = json(a.notificationExtension) ?? {}
            events.emit('notification', { ...extra, type: Number(a.type), account: a.targetIds?.[0] ?? m.senderId, ...(nicks[0] && { nick: nicks[0] }) })
          } else events.emit('message', toRoomMessage(m))
        }
      }
      room.on('onChatroomStatus', onStatus as (...a: RoomEvents['onChatroomStatus']) => void)
      room.on('onChatroomExited', onExited)
      room.on('onChatroomKicked', onKicked)
      room.V2NIMChatroomService.on('onReceiveMessages', onMessages as (list: V2NIMChatroomMessage[]) => void)
      const close = () => {
        if (closed) return
        closed = true
        events.clear()
        room.off('onChatroomStatus', onStatus as (...a: RoomEvents['onChatroomStatus']) => void)
        room.off('onChatroomExited', onExited)
        room.off('onChatroomKicked', onKicked)
        room.V2NIMChatroomService.off('onReceiveMessages', onMessages as (list: V2NIMChatroomMessage[]) => void)
        try {
          room.exit()
        } catch {
          // already gone
        }
        try {
          Client.destroyInstance(room.getInstanceId())
        } catch {
          // already destroyed
        }
      }
      try {
        await withDeadline(
          room.enter(roomId, {
            accountId: account,
            token,
            timeout: ENTER_TIMEOUT_S,
            // the room and account we enter with, not the SDK's arguments: its typings say (roomId,
            // accountId) but v10 calls linkProvider(account, roomId) (seen in the bundled code)
            linkProvider: () => opts.links(roomId, account),
            ...(nick && { roomNick: nick }),
            ...(ext && { serverExtension: JSON.stringify(ext) }),
          }),
          ENTER_DEADLINE_MS,
          'chat-room enter',
        )
      } catch (err) {
        close()
        throw err
      }
      const handle: ChatRoom = {
        roomId,
        async sendText(text, lineExt) {
          const msg = room.V2NIMChatroomMessageCreator.createTextMessage(text)
          if (lineExt) msg.serverExtension = JSON.stringify(lineExt)
          const res = await withDeadline(room.V2NIMChatroomService.sendMessage(msg), SEND_DEADLINE_MS, 'chat-room send')
          return res?.message
            ? toRoomMessage(res.message)
            : { messageClientId: `local-${Date.now()}`, from: account, fromNick: nick ?? account, text, time: Date.now(), ...(lineExt && { ext: lineExt }) }
        },
        leave: close,
        on: (ev, fn) => events.on(ev, fn),
      }
      return handle
    },
  }
}
