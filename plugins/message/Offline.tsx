// The inbox's word for a messaging connection that is down, on every page that lists conversations:
// with nothing kept, a state with Retry (asks the inbox to connect again); over kept rows, a banner.
import { useKernel, useT } from '../../kernel/hooks.ts'
import { ErrorState } from '../../kernel/ui/States.tsx'
import { inboxControllerRef } from './refs.ts'

export function InboxOffline({ kept, testId }: { kept: boolean; testId: string }) {
  const t = useT()
  const inbox = useKernel().need(inboxControllerRef)
  return kept ? (
    <div className="ms-banner" role="status" data-testid={`${testId}-banner`}>
      {t('message.offline')}
    </div>
  ) : (
    <ErrorState testId={testId} title={t('message.offline')} retryLabel={t('message.retry')} onRetry={() => void inbox.reconnect()} />
  )
}
