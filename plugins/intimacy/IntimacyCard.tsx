// LIVE-15 in a chat: the card at /talk/component/intimacy-card (doc 1 §/talk), the same panel
// for the host the chat is with (the message plugin draws the page around it). The page is the
// message plugin's, so this feature's words are asked for here before the panel shows.
import { useEffect, useMemo, useState } from 'react'
import { useKernel } from '../../kernel/hooks.ts'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import { IntimacyPanel } from './IntimacyPanel.tsx'
import { createIntimacy } from './state.ts'

export function IntimacyCard({ userId }: { yxAccid: string; userId: number }) {
  const kernel = useKernel()
  const intimacy = useMemo(() => createIntimacy(kernel, userId), [kernel, userId])
  const [words, setWords] = useState(false)
  useEffect(() => {
    let live = true
    void kernel.i18n.ready(undefined, ['intimacy']).finally(() => live && setWords(true))
    return () => void (live = false)
  }, [kernel])
  return (
    <div className="im-card" data-testid="intimacy-chat-card">
      {words ? <IntimacyPanel intimacy={intimacy} /> : <Spinner />}
    </div>
  )
}
