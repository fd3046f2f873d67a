// ENG-11 /blocklist: the hosts the user blocked, each with Unblock ({ type: 1, userId, yxAccid }).
import { useT } from '../../kernel/hooks.ts'
import { MarkedList } from './MarkedList.tsx'
import { blockedHosts, setBlocked } from './state.ts'

export default function BlocklistPage() {
  const t = useT()
  return (
    <MarkedList
      id="blocklist"
      title={t('social.blocklist.title')}
      emptyText={t('social.blocklist.empty')}
      actionLabel={t('social.unblock')}
      doneText={t('social.unblocked')}
      load={blockedHosts}
      unmark={(kernel, h) => setBlocked(kernel, h, false)}
    />
  )
}
