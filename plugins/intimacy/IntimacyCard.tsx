// LIVE-15 in a chat: the card at /talk/component/intimacy-card (doc 1 §/talk), the same panel
// for the host the chat is with (the message plugin draws the page around it).
import { useMemo } from 'react'
import { useKernel } from '../../kernel/hooks.ts'
import { IntimacyPanel } from './IntimacyPanel.tsx'
import { createIntimacy } from './state.ts'

export function IntimacyCard({ userId }: { yxAccid: string; userId: number }) {
  const kernel = useKernel()
  const intimacy = useMemo(() => createIntimacy(kernel, userId), [kernel, userId])
  return (
    <div className="im-card" data-testid="intimacy-chat-card">
      <IntimacyPanel intimacy={intimacy} />
    </div>
  )
}
