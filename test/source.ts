// Reading the project's own source, for tests that check every place a thing is written (every
// ledger reason, every server message the harness answers) without a list kept by hand.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../', import.meta.url))

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name.startsWith('.')) return []
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

/** harness code: harness/ and every plugin's fake.ts, fake-*.ts and fake/ folder */
export const harnessFiles = () =>
  [...files(join(ROOT, 'harness')), ...files(join(ROOT, 'plugins')).filter((f) => /[\\/]fake([-.][^\\/]*)?\.ts$|[\\/]fake[\\/]/.test(f))].filter((f) => f.endsWith('.ts') && !/\.test\.ts$|(testing|testkit)\.ts$/.test(f))

/** every module of the app and the harness, for constants another file exports */
export const allSources = () => [...files(join(ROOT, 'plugins')), ...files(join(ROOT, 'harness')), ...files(join(ROOT, 'kernel'))].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => readFileSync(f, 'utf8'))

/** the text of the call's arguments after `(` at `from`, split at top-level commas */
export function args(src: string, from: number): string[] {
  const out: string[] = []
  let depth = 0
  let quote = ''
  let cur = ''
  for (let i = from; i < src.length; i++) {
    const c = src[i]
    if (quote) {
      if (c === '\\') cur += c + src[++i]
      else {
        if (c === quote) quote = ''
        cur += c
      }
      continue
    }
    if (c === "'" || c === '"' || c === '`') quote = c
    else if ('([{'.includes(c)) depth++
    else if (')]}'.includes(c)) {
      if (depth === 0) return [...out, cur.trim()]
      depth--
    } else if (c === ',' && depth === 0) {
      out.push(cur.trim())
      cur = ''
      continue
    }
    cur += c
  }
  return out
}
