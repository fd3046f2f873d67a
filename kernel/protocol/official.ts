// What only the server may say in a chat: payment notices, system lines, gift, intimacy and call
// cards. The server marks its own sends (a message it sends on someone's behalf) with this key in
// the message's serverExtension, and refuses a client's message that carries the key or an
// official type (the real IM server does the same for the app server's messages). The app shows
// an official card only from a system account or with this mark (plugins/message/kinds.ts).

/** serverExtension key the server sets, as 1, on the messages it sends itself */
export const SERVER_SENT_KEY = 'serverSent'
/** d3 §3 serverExtension.viewFlag 4: the payment-success notice */
export const VIEW_FLAG_PAID = 4
/** d2 §3 message types a client may send: text, image and custom (whose official attachTypes are refused) */
export const CLIENT_MESSAGE_TYPES: readonly number[] = [0, 1, 100]
/** custom attachTypes only the server sends (plugins/message/kinds.ts reads them) */
export const OFFICIAL_ATTACH_TYPES: readonly string[] = ['SEND_GIFT', 'MISSED_CALLS_RECORD', 'INTIMACY_UPGRADE']

/** the chat room's answer to a client's line its anti-spam filter refuses (the harness's code; the app
 *  says 'Prohibited terms' for it, as for the check it asks before sending) */
export const CHATROOM_PROHIBITED_CODE = 7101
