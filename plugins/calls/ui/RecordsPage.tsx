// CALL-15: /callRecords, the user's calls by category: all, connected, rejected, timeout, cancelled.
import { useState } from 'react'
import { useT } from '../../../kernel/hooks.ts'
import { injectStyle } from '../../../kernel/style.ts'
import { PageBar } from '../../../kernel/ui/PageBar.tsx'
import { CallCategory, CallPath } from '../api.ts'
import { RecordList } from './RecordList.tsx'
import css from './calls.css'

injectStyle(css)

const tabs = [
  ['all', 0],
  ['connected', CallCategory.connected],
  ['rejected', CallCategory.rejected],
  ['timeout', CallCategory.timeout],
  ['cancelled', CallCategory.cancelled],
] as const

export default function RecordsPage() {
  const t = useT()
  const [category, setCategory] = useState<number>(0)
  return (
    <main className="cl-page" data-testid="call-records">
      <PageBar title={t('calls.records.title')} />
      <nav className="cl-tabs" role="tablist">
        {tabs.map(([word, c]) => (
          <button key={word} type="button" role="tab" aria-selected={category === c} className={`cl-tabs__tab${category === c ? ' is-on' : ''}`} data-testid={`records-tab-${word}`} onClick={() => setCategory(c)}>
            {t(`calls.records.tabs.${word}`)}
          </button>
        ))}
      </nav>
      <RecordList key={category} path={CallPath.records} category={category} empty={t('calls.records.empty')} source="callRecords" />
    </main>
  )
}
