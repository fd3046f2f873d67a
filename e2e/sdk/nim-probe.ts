// Bundled by e2e/sdk-nim.e2e.ts with the real SDK: the app's own messaging loaders, driven from
// the page so every check runs the code a production build runs.
import { loadIm } from '../../kernel/im/load.ts'
import { loadChatRoom } from '../../kernel/im/chatroom.ts'
import { imageMessage } from '../../kernel/im/nim.ts'
import type { AppConfig } from '../../kernel/config.ts'

const config = { mode: 'production', nimAppKey: 'offline-check-appkey' } as AppConfig

declare global {
  interface Window {
    nimProbe: typeof probe
  }
}

const errorOf = (err: unknown) => {
  const e = err as { code?: unknown; name?: string; message?: string; desc?: string; detail?: unknown }
  return { code: e?.code, name: e?.name, message: String(e?.message ?? e?.desc ?? err).slice(0, 300), detail: JSON.stringify(e?.detail ?? null)?.slice(0, 300) }
}
const timed = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now()
  try {
    await fn()
    return { ok: true, ms: Math.round(performance.now() - t0) }
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - t0), error: errorOf(err) }
  }
}

const probe = {
  async im() {
    const im = await loadIm(config)
    const states: unknown[] = []
    im.on('connect-state', (s) => states.push(s))
    const login = await timed(() => im.login('offline-user', 'offline-token'))
    // the creators, as the adapter calls them, without a login (the SDK builds messages locally)
    const nim = (await import('nim-web-sdk-ng/dist/esm/nim.js')).NIM.getInstance({ appkey: config.nimAppKey!, apiVersion: 'v2', debugLevel: 'off' as never })
    const built: Record<string, unknown> = {}
    for (const [name, make] of Object.entries({
      text: () => nim.V2NIMMessageCreator.createTextMessage('hi'),
      custom: () => nim.V2NIMMessageCreator.createCustomMessage('', '{"type":1}'),
      image: () => imageMessage(nim, { url: 'https://cdn.example.com/a/b.jpg', width: 40, height: 30, size: 1234, ext: 'jpg' }),
    })) {
      try {
        const m = make()
        built[name] = { messageType: m.messageType, attachment: m.attachment ?? null }
      } catch (err) {
        built[name] = { error: errorOf(err) }
      }
    }
    const logout = await timed(() => im.logout())
    return { login, states, built, logout, const: { LoginStatus: ((await import('nim-web-sdk-ng/dist/esm/nim.js')).V2NIMConst as any).V2NIMLoginStatus } }
  },
  async imageSend() {
    // the adapter's image path end to end: built with the store's URL, sent without the SDK's own upload
    const im = await loadIm(config)
    const login = await timed(() => im.login('offline-user', 'offline-token'))
    const send = await timed(() => im.sendImage('peer', { url: 'https://cdn.example.com/a/b.jpg', width: 40, height: 30, size: 1234, ext: 'jpg' }))
    return { login, send }
  },
  async room(links: string[]) {
    // the rooms the adapter asks addresses for (the SDK calls linkProvider(account, roomId), its typings say the reverse)
    const asked: string[] = []
    const client = await loadChatRoom(config, async () => ({ chatRoomLinks: async (roomId: string) => (asked.push(roomId), links) }) as never)
    const sdk = await import('../../kernel/im/chatroom-sdk.ts')
    const before = sdk.V2NIMChatroomClient.getInstanceList().length
    const enter = await timed(() => client.enter({ roomId: '1234', account: 'offline-user', token: 'offline-token', nick: 'Me' }))
    const after = sdk.V2NIMChatroomClient.getInstanceList().length
    const room = sdk.V2NIMChatroomClient.newInstance({ appkey: config.nimAppKey!, debugLevel: 'off' as never })
    let text: unknown
    try {
      const m = room.V2NIMChatroomMessageCreator.createTextMessage('hi')
      text = { messageType: m.messageType }
    } catch (err) {
      text = { error: errorOf(err) }
    }
    sdk.V2NIMChatroomClient.destroyInstance(room.getInstanceId())
    return { enter, asked, before, after, text, status: (sdk.V2NIMChatroomConst as any).V2NIMChatroomStatus }
  },
}
window.nimProbe = probe
