// '/talk/component/intimacy-card?to=': the intimacy card of a chat, drawn by the intimacy feature
// when this build has one; otherwise the page says so.
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { EmptyState } from '../../kernel/ui/States.tsx'
import { intimacyCardRef } from './api.ts'
import { inboxControllerRef } from './refs.ts'

export default function IntimacyPage() {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const to = useRoute().search.get('to') ?? ''
  const card = kernel.get(intimacyCardRef)
  const profile = kernel.need(inboxControllerRef).profiles.value.get(to)
  return (
    <main data-testid="intimacy-card">
      <PageBar title={t('message.intimacy')} />
      {card && profile ? <card.Card yxAccid={to} userId={profile.userId} /> : <EmptyState testId="intimacy-none" title={t('message.intimacyNone')} />}
    </main>
  )
}
