// A plugin's control entry as a form: its description, a template body edited as JSON, the answer.
import { useState } from 'react'
import { call, type Entry, type Json } from '../data.ts'
import { Act, Card, Empty, JsonField, jsonProblem, pretty } from '../parts.tsx'
import { ListEntry } from './money.tsx'

export function EntryForm({ entry }: { entry: Entry }) {
  const [body, setBody] = useState(pretty(entry.body ?? {}))
  const [answer, setAnswer] = useState<Json>(undefined)
  const send = async () => {
    const problem = jsonProblem(body)
    if (problem) throw new Error(`The body is not a JSON object: ${problem}`)
    setAnswer(await call('POST', `/${entry.name}`, JSON.parse(body)))
  }
  return (
    <div className="entry" data-testid={`entry-${entry.name}`}>
      <div className="entry__head">
        <strong>{entry.title}</strong>
        <code className="muted">POST /__harness/{entry.name}</code>
      </div>
      {entry.description ? <p className="muted">{entry.description}</p> : null}
      <JsonField value={body} onChange={setBody} rows={Math.min(8, body.split('\n').length + 1)} />
      <div className="inline">
        <Act kind="primary" run={send} disabled={!!jsonProblem(body)} done={`${entry.title}: done`}>
          Send
        </Act>
      </div>
      {answer !== undefined ? <pre className="answer">{pretty(answer)}</pre> : null}
    </div>
  )
}

/** Every control entry the plugins declare, by plugin: the page grows as plugins add theirs. */
export function PluginsTab({ entries }: { entries: Entry[] }) {
  const byPlugin = new Map<string, Entry[]>()
  for (const e of entries) if (!e.public) byPlugin.set(e.plugin, [...(byPlugin.get(e.plugin) ?? []), e])
  if (!byPlugin.size) return <Empty>No plugin declares control entries.</Empty>
  return (
    <div className="stack">
      {[...byPlugin].map(([plugin, list]) => (
        <Card key={plugin} title={`Plugin ${plugin}`} testId={`plugin-${plugin}`}>
          <div className="entries">
            {list.map((e) => (e.list ? <ListEntry key={e.name} entry={e} /> : <EntryForm key={e.name} entry={e} />))}
          </div>
        </Card>
      ))}
    </div>
  )
}
