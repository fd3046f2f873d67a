// Location sources besides the browser's, for tests and previews (never in the first bundle):
// an in-memory history, and any wouter location hook (e.g. memoryLocation().hook).
import { useLayoutEffect, type ComponentType } from 'react'
import type { BaseLocationHook, BaseSearchHook } from 'wouter'
import type { LocationSource } from './router.tsx'

function splitUrl(url: string): { path: string; search: string } {
  const noHash = url.split('#')[0]
  const q = noHash.indexOf('?')
  return q < 0 ? { path: noHash || '/', search: '' } : { path: noHash.slice(0, q) || '/', search: noHash.slice(q) }
}

function listeners() {
  const set = new Set<() => void>()
  return {
    notify: () => set.forEach((l) => l()),
    subscribe(onChange: () => void) {
      set.add(onChange)
      return () => void set.delete(onChange)
    },
  }
}

/** An in-memory history starting at `start` ('/wall?tab=2'). */
export function memorySource(start = '/'): LocationSource {
  const entries = [start || '/']
  const { notify, subscribe } = listeners()
  return {
    read: () => splitUrl(entries[entries.length - 1]),
    navigate(to, replace) {
      if (replace) entries[entries.length - 1] = to
      else entries.push(to)
      notify()
    },
    back() {
      if (entries.length < 2) return
      entries.pop()
      notify()
    },
    canGoBack: () => entries.length > 1,
    subscribe,
  }
}

/**
 * A foreign wouter location hook, which lives only inside React: its <Sync/> (rendered once in
 * the app) copies the hook's answer into the router, and takes the hook's navigate. Navigations
 * asked before the first render wait for it.
 */
export function hookSource(hook: BaseLocationHook, searchHook?: BaseSearchHook, navigate?: (to: string, o?: { replace?: boolean }) => void): LocationSource {
  const foreignSearch = searchHook ?? hook.searchHook ?? (() => '')
  let foreignNavigate = navigate
  let current = { path: '/', search: '' }
  let pending: Array<[string, boolean]> = []
  const visited: string[] = []
  const { notify, subscribe } = listeners()
  const bare = (s: string) => s.replace(/^\?/, '')

  const go = (to: string, replace: boolean) => {
    if (!foreignNavigate) return void pending.push([to, replace])
    foreignNavigate(to, { replace })
    // the hook tells React later; the router should not lag behind
    current = splitUrl(to)
    notify()
  }
  const Sync: ComponentType = function RouterSync() {
    const [p, nav] = hook()
    const s = foreignSearch()
    foreignNavigate ??= nav
    useLayoutEffect(() => {
      current = { path: p, search: s }
      notify()
      const url = p + (s ? `?${bare(s)}` : '')
      if (visited[visited.length - 1] !== url) visited.push(url)
      const queued = pending
      pending = []
      queued.forEach(([to, replace]) => go(to, replace))
    }, [p, s])
    return null
  }
  return {
    read: () => current,
    navigate: go,
    back() {
      visited.pop()
      const prev = visited.pop()
      if (prev !== undefined) go(prev, true)
    },
    canGoBack: () => visited.length > 1,
    subscribe,
    Sync,
  }
}
