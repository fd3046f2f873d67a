// HAR-01: the harness answers every path of the spec's section-7 tables (d1-d3). The paths are read
// from the spec itself when it sits beside the project (../shared/spec, or SPEC_DIR), else from the
// copy in fixtures/spec-paths.json, which the test keeps equal to the spec whenever it can read it.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from './server.ts'
import { httpRequest, startTestHarness, TEST_TOKEN, type TestHarness } from './testing.ts'
import { fixture } from './seed.ts'
import { section7Paths } from './spec-paths.ts'
import { encrypt } from '../kernel/protocol/cipher.ts'
import { Code, Header } from '../kernel/protocol/envelope.ts'

const DOCS = ['1-calls-and-core', '2-live-and-messaging', '3-money-and-engagement']
const specDir = process.env.SPEC_DIR ?? join(projectRoot, '../shared/spec')

const copyPath = join(projectRoot, 'fixtures/spec-paths.json')
const fromSpec = () => (existsSync(join(specDir, `${DOCS[0]}.md`)) ? Object.fromEntries(DOCS.map((d) => [d, section7Paths(readFileSync(join(specDir, `${d}.md`), 'utf8'))])) : null)

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: undefined })
})
test.after(() => h.close())

test('HAR-01 the copy of the spec\'s section-7 paths is the spec\'s', () => {
  const spec = fromSpec()
  const copy = JSON.parse(readFileSync(copyPath, 'utf8'))
  if (spec) assert.equal(copy, spec, 'fixtures/spec-paths.json differs from the spec: write section7Paths() of each document there')
  assert.ok(Object.values(copy).flat().length > 100, 'the tables were read')
})

test('HAR-01 the harness answers every path of the spec\'s section-7 tables (none is unknown)', async () => {
  const cfg = fixture<{ cipherKey: string; cipherIv: string; subscriptionKey: string }>('harness-config.json')
  const body = JSON.stringify({ data: encrypt({}, { key: cfg.cipherKey, iv: cfg.cipherIv }) })
  const headers = { 'content-type': 'application/json', [Header.subscription]: cfg.subscriptionKey, [Header.token]: TEST_TOKEN, [Header.appId]: 'callwall' }
  const unknown: string[] = []
  const copy = JSON.parse(readFileSync(copyPath, 'utf8')) as Record<string, string[][]>
  for (const [doc, paths] of Object.entries(copy)) {
    for (const spellings of paths) {
      let answered = false
      for (const path of spellings) {
        const r = await httpRequest(h.url + path, 'POST', body, headers)
        const code = /^\{/.test(r.text) ? JSON.parse(r.text).code : null
        if (r.status !== 404 && code !== Code.unknownPath && code !== null) answered = true
        if (answered) break
      }
      if (!answered) unknown.push(`${doc}: ${spellings[0]}`)
    }
  }
  assert.equal(unknown, [], `unanswered:\n${unknown.join('\n')}`)
})

test.run()
