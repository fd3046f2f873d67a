// One conversation in the inbox or the greetings list: face, name, last message, time, unread,
// a pin mark. A long press (context menu) opens the row's actions when `onActions` is given.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import type { ImConversation } from '../../kernel/im/types.ts'
import { RECHARGE_NOTIFY } from './api.ts'
import type { RowAttrs } from './Bubbles.tsx'
import { previewOf, shortTime } from './preview.ts'
import { inboxControllerRef } from './refs.ts'

export function ConversationRow({ c, onOpen, onActions, row }: { c: ImConversation; onOpen: () => void; onActions?: () => void; row?: RowAttrs }) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const inbox = kernel.need(inboxControllerRef)
  const profile = inbox.profiles.value.get(c.to)
  const last = c.lastMessage
  // the peer's name: their profile, then the name on their messages, then the account id
  const name = c.to === RECHARGE_NOTIFY ? t('message.rechargeService') : profile?.nickname || (last && last.senderId === c.to && last.fromNick ? last.fromNick : c.to)
  const preview = previewOf(last)
  const time = shortTime(c.updateTime || last?.createTime || 0, Date.now(), kernel.i18n.locale.value)
  return (
    <li {...row}>
      <button
        type="button"
        className={`ms-row${c.isPin ? ' ms-row--pinned' : ''}`}
        data-testid={`conversation-${c.to}`}
        data-pinned={c.isPin || undefined}
        onClick={onOpen}
        onContextMenu={
          onActions &&
          ((e) => {
            e.preventDefault()
            onActions()
          })
        }
      >
        <Avatar src={profile?.icon} name={name} size={52} />
        <span className="ms-row__main">
          <span className="ms-row__top">
            <span className="ms-row__who">
              <bdi className="ms-row__name">{name}</bdi>
              {c.isPin && <span className="ms-pin" aria-label={t('message.pinned')}>📌</span>}
            </span>
            <span className="ms-row__time">{time.key ? t(time.key) : time.text}</span>
          </span>
          <span className="ms-row__bottom">
            <span className="ms-row__text" dir="auto">{preview.key ? t(preview.key) : preview.text}</span>
            {c.unreadCount > 0 && <span className="ms-count">{c.unreadCount > 99 ? '99+' : c.unreadCount}</span>}
          </span>
        </span>
      </button>
    </li>
  )
}
