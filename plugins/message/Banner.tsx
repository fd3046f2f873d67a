// IM-04: the top message banner: who wrote and what, for 5 s; a tap opens the chat.
import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Avatar } from '../../kernel/ui/Avatar.tsx'
import type { ImMessage } from '../../kernel/im/types.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { RECHARGE_NOTIFY, talkHref } from './api.ts'
import { previewOf } from './preview.ts'
import { BANNER_SHOW_MS } from './rules.ts'
import css from './talk.css'
import { inboxControllerRef } from './refs.ts'

export default function Banner({ props, close }: OverlayProps<{ message: ImMessage }>) {
  useSignals()
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const m = props.message
  const inbox = kernel.need(inboxControllerRef)
  useEffect(() => void inbox.loadProfiles([m.senderId]), [inbox, m.senderId])
  useEffect(() => {
    const id = setTimeout(() => close(), BANNER_SHOW_MS)
    return () => clearTimeout(id)
  }, [close])
  const profile = inbox.profiles.value.get(m.senderId)
  const name = m.senderId === RECHARGE_NOTIFY ? t('message.rechargeService') : profile?.nickname || m.fromNick || m.senderId
  const p = previewOf(m)
  return (
    <button
      type="button"
      className="mb-banner"
      data-testid="message-banner"
      onClick={() => {
        close()
        kernel.router.navigate(talkHref(m.senderId, 'banner'))
      }}
    >
      <Avatar src={profile?.icon} name={name} size={40} />
      <span className="mb-banner__text">
        <bdi className="mb-banner__name">{name}</bdi>
        <span className="mb-banner__msg" dir="auto">{p.key ? t(p.key) : p.text}</span>
      </span>
    </button>
  )
}
