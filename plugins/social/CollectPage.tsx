// ENG-11 /collect: the user's favourite hosts, each with Remove.
import { useT } from '../../kernel/hooks.ts'
import { MarkedList } from './MarkedList.tsx'
import { collectedHosts, setCollected } from './state.ts'

export default function CollectPage() {
  const t = useT()
  return (
    <MarkedList
      id="collect"
      title={t('social.collect.title')}
      emptyText={t('social.collect.empty')}
      actionLabel={t('social.collect.remove')}
      doneText={t('social.collect.removed')}
      load={collectedHosts}
      unmark={(kernel, h) => setCollected(kernel, h.userId, false)}
    />
  )
}
