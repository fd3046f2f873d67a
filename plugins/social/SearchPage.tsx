// ENG-11 /searchHost: a host by name or uid (blank asks 'Please enter name or uid'), and the
// recommended hosts until a search is made.
import { useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import type { HostItem } from './api.ts'
import { useLoad, type Loaded } from './hooks.ts'
import { SEARCH_MAX } from './paths.ts'
import { recommendedHosts, searchHosts, searchQuery } from './state.ts'
import { HostRow, LoadStates, SocialPage } from './parts.tsx'

export default function SearchPage() {
  const kernel = useKernel()
  const t = useT()
  const [text, setText] = useState('')
  // the query searched (null: the recommendations show), and a counter so Retry asks again
  const [query, setQuery] = useState<string | null>(null)
  const [recommend, retryRecommend] = useLoad(() => recommendedHosts(kernel), [kernel])
  const [found, retryFound] = useLoad<HostItem[] | null>(() => (query === null ? Promise.resolve(null) : searchHosts(kernel, query)), [kernel, query])

  function submit(e: React.FormEvent) {
    e.preventDefault()
    const q = searchQuery(text)
    if (!q) {
      kernel.overlays.toast(t('social.search.enter'), { type: 'warning' })
      return
    }
    setQuery(q)
  }

  function clear() {
    setText('')
    setQuery(null)
  }

  return (
    <SocialPage title={t('social.search.title')} testId="search">
      <form className="so-search" role="search" data-testid="search-form" onSubmit={submit}>
        <input
          dir="auto"
          className="so-search__input"
          data-testid="search-input"
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          placeholder={t('social.search.placeholder')}
          aria-label={t('social.search.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        {text && (
          <button type="button" className="so-search__clear" data-testid="search-clear" aria-label={t('social.search.clear')} onClick={clear}>
            ×
          </button>
        )}
        <button type="submit" className="so-btn" data-testid="search-go">
          {t('social.search.go')}
        </button>
      </form>
      {query === null ? (
        <>
          <h2 className="so-heading">{t('social.search.recommended')}</h2>
          <Hosts load={recommend} retry={retryRecommend} id="recommend" empty={t('social.search.noRecommend')} />
        </>
      ) : (
        <Hosts load={found.state === 'ready' && !found.value ? { state: 'loading' } : (found as Loaded<HostItem[]>)} retry={retryFound} id="search" empty={t('social.noResults')} />
      )}
    </SocialPage>
  )
}

function Hosts({ load, retry, id, empty }: { load: Loaded<HostItem[]>; retry: () => void; id: string; empty: string }) {
  return (
    <LoadStates load={load} retry={retry} id={id} empty={(list) => (list.length ? null : empty)}>
      {(list) => (
        <ul className="so-list" data-testid={`${id}-list`}>
          {list.map((h) => (
            <HostRow key={h.userId} host={h} testId={`${id}-${h.userId}`} />
          ))}
        </ul>
      )}
    </LoadStates>
  )
}
