// ENG-11 /friends: the hosts the user follows (d3 §7: currentPage 1, pageSize 200, type 3).
import { useKernel, useT } from '../../kernel/hooks.ts'
import { talkHref } from '../message/api.ts'
import { useLoad } from './hooks.ts'
import { followedHosts } from './state.ts'
import { HostRow, LoadStates, SocialPage } from './parts.tsx'

export default function FriendsPage() {
  const kernel = useKernel()
  const t = useT()
  const [load, retry] = useLoad(() => followedHosts(kernel), [kernel])
  return (
    <SocialPage title={t('social.friends.title')} testId="friends">
      <LoadStates load={load} retry={retry} id="friends" empty={(list) => (list.length ? null : t('social.friends.empty'))}>
        {(list) => (
          <ul className="so-list" data-testid="friends-list">
            {list.map((h) => (
              <HostRow
                key={h.userId}
                host={h}
                testId={`friend-${h.userId}`}
                end={
                  <button type="button" className="so-btn so-btn--soft" data-testid={`friend-chat-${h.userId}`} onClick={() => kernel.router.navigate(talkHref(h.yxAccid, 'friends'))}>
                    {t('social.message')}
                  </button>
                }
              />
            ))}
          </ul>
        )}
      </LoadStates>
    </SocialPage>
  )
}
