// What other plugins' harness slices may ask of the messaging fake: the chat lines the server
// itself writes into a conversation.
import { mediaOf, type HarnessContext } from '../../harness/types.ts'

export interface ChatGift {
  giftId: number
  giftName: string
  giftNum: number
  giftImg: string
}

/**
 * IM-02: a gift sent from a chat (scene IM) is a line of that chat, written by the server from its
 * own record of the send, as the sender's message (marked as the server's): the sender sees it as
 * sent, the host as received, and a reload reads it from the history.
 */
export function tellChatGift(ctx: HarnessContext, from: string, to: string, gift: ChatGift): void {
  const im = mediaOf(ctx).im()
  if (!im) return
  im.send(from, to, { messageType: 100, attachment: { raw: JSON.stringify({ attachType: 'SEND_GIFT', ...gift }) } })
}
