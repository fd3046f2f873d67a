// ChatRoomClient over nim-web-sdk-ng's chat-room client (V2NIMChatroomClient). The SDK module is
// handed in by loadChatRoom (a dynamic import); tests hand in a fake. Text lines carry the
// sender's badges in serverExtension; custom lines (record types) carry JSON in attachment.raw;
// notification messages (messageType 5) become member notices by their attachment's type.
import { createEmitter } from './emitter.ts'
import type { ChatRoom, ChatRoomClient, ChatRoomEvents, ChatRoomMessage } from './chatroom.ts'

interface NimRoomMessage {
  messageClientId: string
  senderId: string
  createTime: number
  messageType: number
  text?: string
  attachment?: { raw?: string; type?: number; targetIds?: string[]; targetNicks?: string | string[]; [k: string]: unknown }
  serverExtension?: string
  senderInfo?: { roomNick?: string }
}
interface NimRoomInstance {
  enter(roomId: string, params: { accountId: string; token: string; roomNick?: string; serverExtension?: string }): Promise<unknown>
  exit(): void
  on(ev: string, fn: (...a: any[]) => void): unknown
  V2NIMChatroomService: {
    on(ev: string, fn: (...a: any[]) => void): unknown
    sendMessage(m: unknown): Promise<{ message?: NimRoomMessage }>
  }
  V2NIMChatroomMessageCreator: { createTextMessage(text: string): { serverExtension?: string } }
}
export interface NimChatRoomSdk {
  newInstance(init: { appkey: string; debugLevel?: string }): NimRoomInstance
  destroyInstance?(id: number): void
}

const json = (s: unknown): Record<string, unknown> | undefined => {
  if (typeof s !== 'string' || !s) return undefined
  try {
    const v = JSON.parse(s)
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined
  } catch {
    return undefined
  }
}

function nimChatRoomFromModule(mod: unknown): NimChatRoomSdk {
  const layers = [mod, (mod as any)?.default, (mod as any)?.V2NIMChatroomClient, (mod as any)?.default?.V2NIMChatroomClient].filter(Boolean) as any[]
  const sdk = layers.find((l) => typeof l.newInstance === 'function')
  if (!sdk) throw new Error('nim-web-sdk-ng: V2NIMChatroomClient.newInstance not found in the module')
  return sdk
}

function toRoomMessage(m: NimRoomMessage): ChatRoomMessage {
  const ext = json(m.serverExtension)
  const custom = m.messageType === 100 ? json(m.attachment?.raw) : undefined
  return {
    messageClientId: m.messageClientId,
    from: m.senderId,
    fromNick: String(ext?.nick ?? m.senderInfo?.roomNick ?? m.senderId),
    ...(typeof m.text === 'string' && { text: m.text }),
    ...(custom && { custom }),
    ...(ext && { ext }),
    time: m.createTime,
  }
}

export function createNimChatRoom(opts: { appKey: string; sdk: unknown }): ChatRoomClient {
  if (!opts.appKey) throw new Error('nimAppKey is missing from the app config')
  const sdk = nimChatRoomFromModule(opts.sdk)
  return {
    async enter({ roomId, account, token, nick, ext }) {
      const events = createEmitter<ChatRoomEvents>()
      const room = sdk.newInstance({ appkey: opts.appKey, debugLevel: 'off' })
      room.on('onChatroomStatus', (status: number) => {
        // V2NIMChatroomStatus: 4 entered, 0 disconnected, 1 waiting to reconnect
        if (status === 4) events.emit('connect-state', { state: 'connected' })
        else if (status === 0 || status === 1) events.emit('connect-state', { state: 'reconnecting' })
      })
      room.on('onChatroomKicked', () => events.emit('connect-state', { state: 'closed', reason: 'kicked' }))
      room.V2NIMChatroomService.on('onReceiveMessages', (list: NimRoomMessage[]) => {
        for (const m of list ?? []) {
          if (m.messageType === 5 && m.attachment) {
            const a = m.attachment
            const nicks = Array.isArray(a.targetNicks) ? a.targetNicks : a.targetNicks ? [a.targetNicks] : []
            const extra = json(a.notificationExtension) ?? {}
            events.emit('notification', { ...extra, type: Number(a.type), account: a.targetIds?.[0] ?? m.senderId, ...(nicks[0] && { nick: nicks[0] }) })
          } else events.emit('message', toRoomMessage(m))
        }
      })
      await room.enter(roomId, { accountId: account, token, ...(nick && { roomNick: nick }), ...(ext && { serverExtension: JSON.stringify(ext) }) })
      const handle: ChatRoom = {
        roomId,
        async sendText(text, lineExt) {
          const msg = room.V2NIMChatroomMessageCreator.createTextMessage(text)
          if (lineExt) msg.serverExtension = JSON.stringify(lineExt)
          const res = await room.V2NIMChatroomService.sendMessage(msg)
          return res.message ? toRoomMessage(res.message) : { messageClientId: `local-${Date.now()}`, from: account, fromNick: nick ?? account, text, time: Date.now(), ...(lineExt && { ext: lineExt }) }
        },
        leave() {
          events.clear()
          try {
            room.exit()
          } catch {
            // already gone
          }
        },
        on: (ev, fn) => events.on(ev, fn),
      }
      return handle
    },
  }
}
