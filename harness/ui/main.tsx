// The harness control page (/__harness/ui): hosts, viewers, money, pushes, faults, scenarios and
// every plugin's control entries, kept current by the harness event stream. English, laptop-sized.
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { injectStyle } from '../../kernel/style.ts'
import base from '../../kernel/base.css'
import css from './page.css'
import { useConnected, useLive, type Entry } from './data.ts'
import { EventLog } from './log.tsx'
import { Loading, Toasts } from './parts.tsx'
import { PluginsTab } from './tabs/entries.tsx'
import { ActiveFaults, FaultsTab } from './tabs/faults.tsx'
import { HostsTab } from './tabs/hosts.tsx'
import { MoneyTab } from './tabs/money.tsx'
import { PushesTab } from './tabs/pushes.tsx'
import { ScenariosTab } from './tabs/scenarios.tsx'
import { ViewersTab } from './tabs/viewers.tsx'

const TABS = ['hosts', 'viewers', 'money', 'pushes', 'faults', 'scenarios', 'plugins'] as const
type Tab = (typeof TABS)[number]
const tabOf = (hash: string): Tab => (TABS as readonly string[]).includes(hash.slice(1)) ? (hash.slice(1) as Tab) : 'hosts'

function useTab(): [Tab, (t: Tab) => void] {
  const [tab, setTab] = useState(() => tabOf(location.hash))
  useEffect(() => {
    const on = () => setTab(tabOf(location.hash))
    addEventListener('hashchange', on)
    return () => removeEventListener('hashchange', on)
  }, [])
  return [tab, (t) => (location.hash = t)]
}

function Page() {
  const [tab, setTab] = useTab()
  const controls = useLive<{ open: boolean; entries: Entry[]; apiPaths: string[] }>('/controls', [])
  const connected = useConnected()
  const entries = controls.data?.entries ?? []
  return (
    <div className="page">
      <main className="main">
        <header className="top">
          <div className="brand">
            <span className="brand__mark">◆</span> Callwall harness
          </div>
          <span className={`live ${connected ? 'is-on' : ''}`} title="The page follows the harness's event stream">
            {connected ? 'Live' : 'Reconnecting…'}
          </span>
          <a className="link" href="/wall?token=test-token-100001" target="_blank" rel="noreferrer">
            Open the app ↗
          </a>
        </header>
        {controls.data?.open ? (
          <div className="warning" role="alert">
            This control page and API answer any address (HARNESS_OPEN_CONTROL): anyone who can reach this server can change balances, orders and faults.
          </div>
        ) : null}
        <ActiveFaults entries={entries} />
        <nav className="tabs" role="tablist">
          {TABS.map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} className={`tab${tab === t ? ' is-on' : ''}`} onClick={() => setTab(t)}>
              {t[0].toUpperCase() + t.slice(1)}
            </button>
          ))}
        </nav>
        <div className="content">
          {!controls.data ? (
            <Loading error={controls.error} retry={controls.reload} />
          ) : tab === 'hosts' ? (
            <HostsTab entries={entries} />
          ) : tab === 'viewers' ? (
            <ViewersTab entries={entries} />
          ) : tab === 'money' ? (
            <MoneyTab entries={entries} />
          ) : tab === 'pushes' ? (
            <PushesTab />
          ) : tab === 'faults' ? (
            <FaultsTab entries={entries} paths={controls.data.apiPaths} />
          ) : tab === 'scenarios' ? (
            <ScenariosTab />
          ) : (
            <PluginsTab entries={entries} />
          )}
        </div>
      </main>
      <EventLog />
      <Toasts />
    </div>
  )
}

injectStyle(base)
injectStyle(css)
createRoot(document.getElementById('root')!).render(<Page />)
