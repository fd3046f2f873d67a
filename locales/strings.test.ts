// The string tables hold every visible text, in both languages:
//  - a key present in one language and missing in the other fails (plural forms count as one key);
//  - a visible string written into a component (JSX text, or a placeholder, title, aria-label, alt...
//    given as a literal) fails: it must come from t() and the tables.
// Text without a letter (symbols, emoji, '99+') is not words and may stay in code.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSync } from 'oxc-parser'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const LANGS = ['en', 'ar'] as const

type Table = { [key: string]: string | Table }
const PLURAL = new Set(['zero', 'one', 'two', 'few', 'many', 'other'])
const isPlural = (v: Table) => typeof v.other === 'string' && Object.keys(v).every((k) => PLURAL.has(k))

/** 'a.b.c' for every string, a plural entry as one key */
function keys(table: Table, prefix = ''): string[] {
  return Object.entries(table).flatMap(([k, v]) => (typeof v === 'string' || isPlural(v) ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)))
}

const tableFiles = (lang: string) => readdirSync(join(ROOT, 'locales', lang)).filter((f) => f.endsWith('.json'))

test('SHELL-12 every key of one language is in the other (and every table file too)', () => {
  const problems: string[] = []
  const names = new Set(LANGS.flatMap(tableFiles))
  for (const name of names) {
    const tables = Object.fromEntries(LANGS.map((l) => [l, (() => { try { return JSON.parse(readFileSync(join(ROOT, 'locales', l, name), 'utf8')) as Table } catch { return null } })()]))
    for (const l of LANGS) if (!tables[l]) problems.push(`locales/${l}/${name} is missing`)
    if (LANGS.some((l) => !tables[l])) continue
    const sets = Object.fromEntries(LANGS.map((l) => [l, new Set(keys(tables[l]!))]))
    for (const l of LANGS) for (const other of LANGS) if (l !== other) for (const k of sets[l]) if (!sets[other].has(k)) problems.push(`${name.replace('.json', '')}.${k}: in ${l}, missing in ${other}`)
  }
  assert.equal(problems, [], problems.join('\n'))
})

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name.startsWith('.')) return []
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

/** components: every .tsx of the app (tests and test kits aside) */
const components = () =>
  ['apps', 'kernel', 'plugins'].flatMap((d) => files(join(ROOT, d))).filter((f) => f.endsWith('.tsx') && !/\.test\.tsx$|[\\/](testing|testkit)\.tsx$/.test(f))

/** attributes a person reads or hears */
const VISIBLE_ATTRS = new Set(['placeholder', 'title', 'aria-label', 'alt', 'aria-placeholder', 'aria-description', 'aria-valuetext', 'label'])
const WORDS = /\p{L}/u

interface Node {
  type?: string
  [k: string]: unknown
}

/** the literal text of an attribute value or an expression, when it is one */
function literalText(v: Node | null | undefined): string | null {
  if (!v) return null
  if (v.type === 'Literal' && typeof v.value === 'string') return v.value
  if (v.type === 'JSXExpressionContainer') return literalText(v.expression as Node)
  if (v.type === 'TemplateLiteral' && Array.isArray(v.quasis)) return (v.quasis as Node[]).map((q) => (q.value as { cooked?: string }).cooked ?? '').join(' ')
  // {ok ? 'Yes' : t('no')}, {name || 'Guest'}: a literal branch shows too
  if (v.type === 'ConditionalExpression') return [literalText(v.consequent as Node), literalText(v.alternate as Node)].filter(Boolean).join(' ') || null
  if (v.type === 'LogicalExpression') return [literalText(v.left as Node), literalText(v.right as Node)].filter(Boolean).join(' ') || null
  return null
}

/** visible literals of one component file: [line, text] */
export function visibleLiterals(path: string, source: string): Array<[number, string]> {
  const { program } = parseSync(path, source, { lang: 'tsx' })
  const found: Array<[number, string]> = []
  const line = (n: Node) => source.slice(0, Number(n.start)).split('\n').length
  const visit = (n: unknown) => {
    if (!n || typeof n !== 'object') return
    if (Array.isArray(n)) return n.forEach(visit)
    const node = n as Node
    if (node.type === 'JSXText' && WORDS.test(String(node.value))) found.push([line(node), String(node.value).trim()])
    if (node.type === 'JSXExpressionContainer' && node.expression) {
      // {'text'} as a child (attribute values are checked below)
      const text = literalText(node)
      if (text && WORDS.test(text) && !(node as { _attr?: boolean })._attr) found.push([line(node), text])
    }
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).name
      if (node.value && typeof node.value === 'object') (node.value as { _attr?: boolean })._attr = true
      const text = literalText(node.value as Node)
      if (typeof name === 'string' && VISIBLE_ATTRS.has(name) && text && WORDS.test(text)) found.push([line(node), `${name}="${text}"`])
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'parent') visit(v)
  }
  visit(program)
  return found
}

/** no counts: a percent ('UP TO 30% more coins'), a multiplier ('x2 rewards'), a sum ('500 + 50 bonus') */
const COUNTED_ELSEWHERE = new Set(['recharge.tip', 'engage.checkin.paidBonus', 'recharge.bonus'])

test('SHELL-12 every counted string goes through the plural rules: "{{n}} diamonds" is an entry of forms, never one sentence ("1 diamonds")', () => {
  // any placeholder before a plural noun ('{{price}} diamonds', '{{days}} days left'); 'is', 'was' are no nouns
  const counted = /\{\{\w+\}\}\s+(?!is\b|was\b|has\b)\w+s\b/
  const flat: string[] = []
  for (const name of tableFiles('en')) {
    const table = JSON.parse(readFileSync(join(ROOT, 'locales', 'en', name), 'utf8')) as Table
    const ns = name.replace(/(-more)?\.json$/, '')
    const walk = (t: Table, prefix: string) => {
      for (const [k, v] of Object.entries(t)) {
        if (typeof v === 'string') {
          if (counted.test(v) && !COUNTED_ELSEWHERE.has(`${prefix}${k}`)) flat.push(`${prefix}${k}: ${v}`)
        } else if (!isPlural(v)) walk(v, `${prefix}${k}.`)
      }
    }
    walk(table, `${ns}.`)
  }
  assert.equal(flat, [], 'counted strings without plural forms')
})

test('SHELL-12 no visible text is written into a component: it comes from the string tables', () => {
  const problems = components().flatMap((f) => visibleLiterals(f, readFileSync(f, 'utf8')).map(([l, text]) => `${relative(ROOT, f)}:${l}: ${text}`))
  assert.equal(problems, [], `visible text outside the string tables:\n${problems.join('\n')}`)
})

test('SHELL-12 the check finds JSX text and visible attributes, not symbols or class names', () => {
  const src = `export const A = () => <div className={ok ? 'x-y' : 'z'} data-testid="a" title="Hello"><b>Retry</b>{'Go'}{ok ? 'Yes' : t('no')}<i aria-label={\`Close\`}>↻ 99+</i><img alt="" /></div>`
  assert.equal(visibleLiterals('a.tsx', src).map(([, t]) => t), ['title="Hello"', 'Retry', 'Go', 'Yes', 'aria-label="Close"'])
})

test.run()
