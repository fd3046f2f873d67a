// The house's shape, held (docs/plugin-shape.md says what each file is for and why); BLD-02: an app
// picks its plugin set as data, which holds only while plugins meet through their public files:
//  - every file of a plugin folder has a name of the plugin shape;
//  - a plugin reaches another only through its api.ts (and widgets.tsx, the components it lends);
//    harness code through api.ts and fake-api.ts; app code never imports harness code;
//  - no new pair of plugins depends on each other (today's pairs are listed: make the list shorter);
//  - the kernel imports no plugin.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { parseSync } from 'oxc-parser'
import { ROOT } from './source.ts'

// ---- the project's files and imports ----

const rel = (abs: string) => relative(ROOT, abs).split(sep).join('/')

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name.startsWith('.')) return []
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

const sourcesOf = (...dirs: string[]) =>
  dirs
    .filter((d) => existsSync(join(ROOT, d)))
    .flatMap((d) => walk(join(ROOT, d)))
    .map(rel)
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.endsWith('.d.ts'))

interface Import {
  from: string
  /** the repository file it names (null: a package) */
  to: string | null
  line: number
}

interface Node {
  type?: string
  start: number
  [k: string]: unknown
}

/** every module a file names: import and export-from, import(), and import('x') types */
function importsOf(file: string): Import[] {
  const src = readFileSync(join(ROOT, file), 'utf8')
  const { program } = parseSync(file, src)
  const out: Import[] = []
  const add = (spec: unknown, at: number) => {
    if (typeof spec !== 'string') return
    out.push({ from: file, to: resolveSpec(file, spec), line: src.slice(0, at).split('\n').length })
  }
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach(visit)
    const n = node as Node
    if ((n.type === 'ImportDeclaration' || n.type === 'ExportAllDeclaration' || n.type === 'ExportNamedDeclaration') && n.source) add((n.source as { value: unknown }).value, n.start)
    if (n.type === 'ImportExpression' || n.type === 'TSImportType') add((n.source as { value?: unknown } | undefined)?.value, n.start)
    for (const [k, v] of Object.entries(n)) if (k !== 'parent' && v && typeof v === 'object') visit(v)
  }
  visit(program)
  return out
}

function resolveSpec(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  return rel(resolve(ROOT, dirname(from), spec))
}

const pluginOf = (f: string | null) => (f?.startsWith('plugins/') ? f.split('/')[1] : null)
const isTest = (f: string) => /\.test\.tsx?$/.test(f)
const isKit = (f: string) => /(^|\/)(testkit|testing)\.tsx?$/.test(f)
/** a plugin's harness slice: fake.ts, fake-api.ts, fake-*.ts and the fake/ folder */
const isHarness = (f: string) => f.startsWith('harness/') || /^plugins\/[^/]+\/(.*\/)?fake(-[a-z0-9-]+)?\.ts$/.test(f) || /^plugins\/[^/]+\/fake\//.test(f)

// ---- rule 1: the plugin shape ----

/** the file names of the plugin shape (docs/plugin-shape.md) */
const FIXED = new Set([
  'index.ts',
  'api.ts',
  'widgets.tsx',
  'state.ts',
  'service.ts',
  'rules.ts',
  'paths.ts',
  'push.ts',
  'hooks.ts',
  'refs.ts',
  'icons.tsx',
  'parts.tsx',
  'fake.ts',
  'fake-api.ts',
  'testkit.ts',
  'testkit.tsx',
  'README.md',
])
/** names that say nothing of what is inside, and the other names of fixed files */
const VAGUE = new Set(['utils', 'util', 'helpers', 'helper', 'misc', 'common', 'shared', 'lib', 'types', 'constants', 'stuff', 'testing', 'ref', 'fakes', 'tests'])
const FOLDERS = new Set(['ui', 'engine', 'fake'])

const kebab = '[a-z][a-z0-9]*(?:-[a-z0-9]+)*'
const SHAPES: Array<[RegExp, string]> = [
  [new RegExp(`^[A-Z][A-Za-z0-9]*\\.tsx$`), 'a component (PascalCase.tsx)'],
  [new RegExp(`^${kebab}\\.(css|svg)$`), 'styles or a sprite'],
  [new RegExp(`^fake-${kebab}\\.ts$`), 'a part of the harness slice'],
  [new RegExp(`^(${kebab}|[A-Z][A-Za-z0-9]*)\\.test\\.tsx?$`), 'a test'],
  [new RegExp(`^${kebab}\\.ts$`), 'a module named for its concern'],
]

/** why a plugin file's name is not of the shape, or null */
export function misnamed(path: string, isDir: boolean): string | null {
  const parts = path.split('/')
  const name = parts[parts.length - 1]
  if (isDir) {
    if (FOLDERS.has(name)) return null
    // a self-contained part of a big plugin (its page, styles and fake beside): message/customer/
    const inside = readdirSync(join(ROOT, path))
    if (/^[a-z]+$/.test(name) && inside.some((f) => /^[A-Z][A-Za-z0-9]*\.tsx$/.test(f))) return null
    return `${path}/: not a folder of the shape (ui/, engine/, fake/, or a part with its own page)`
  }
  if (FIXED.has(name)) return null
  const stem = name.replace(/\.(test\.)?(tsx?|css|svg|md)$/, '')
  if (VAGUE.has(stem)) return `${path}: "${stem}" names no concern (or is another name of a file of the shape)`
  if (SHAPES.some(([re]) => re.test(name))) return null
  return `${path}: not a name of the plugin shape`
}

function shapeProblems(): string[] {
  const problems: string[] = []
  const visit = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      const path = `${dir}/${name}`
      const isDir = statSync(join(ROOT, path)).isDirectory()
      const why = misnamed(path, isDir)
      if (why) problems.push(why)
      else if (isDir) visit(path)
    }
  }
  for (const p of readdirSync(join(ROOT, 'plugins'))) if (statSync(join(ROOT, 'plugins', p)).isDirectory()) visit(`plugins/${p}`)
  return problems
}

test('BLD-02 every file of a plugin folder has a name of the plugin shape', () => {
  const problems = shapeProblems()
  assert.equal(problems, [], problems.join('\n'))
})

// ---- rule 2: a plugin through another's public files only ----

/** what code of each kind may import of another plugin */
const PUBLIC = {
  app: new Set(['api.ts', 'widgets.tsx']),
  harness: new Set(['api.ts', 'fake-api.ts']),
  // tests mount other plugins whole (index.ts, fake.ts) with their test kits
  test: new Set(['api.ts', 'widgets.tsx', 'fake-api.ts', 'index.ts', 'fake.ts', 'testkit.ts', 'testkit.tsx']),
}

/** tests that still reach into another plugin: move what they need to its api.ts, then strike them */
const TEST_REACH_INS = new Set([
  'harness/crash.test.ts -> plugins/gift/paths.ts',
  'plugins/engage/engage.test.tsx -> plugins/shell/links.ts',
  'plugins/intimacy/fake.test.ts -> plugins/gift/paths.ts',
  'plugins/intimacy/intimacy.test.tsx -> plugins/message/refs.ts',
  'plugins/rank/fake.test.ts -> plugins/live/paths.ts',
  'plugins/vip/one-answer.test.tsx -> plugins/wall/state.ts',
  'plugins/vip/vip.test.tsx -> plugins/recharge/rules.ts',
  'plugins/wish/fake.test.ts -> plugins/gift/paths.ts',
  'plugins/wish/fake.test.ts -> plugins/live/paths.ts',
])

const kindOf = (f: string): keyof typeof PUBLIC => (isTest(f) || isKit(f) ? 'test' : isHarness(f) ? 'harness' : 'app')

function crossingProblems(): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  for (const f of sourcesOf('plugins', 'harness')) {
    for (const i of importsOf(f)) {
      if (!i.to) continue
      const mine = pluginOf(f)
      const theirs = pluginOf(i.to)
      const kind = kindOf(f)
      const where = `${f}:${i.line}`
      if (kind === 'app' && isHarness(i.to) && !isKit(i.to)) problems.push(`${where}: app code imports harness code ${i.to}`)
      if (!theirs || theirs === mine) continue
      const file = i.to.slice(`plugins/${theirs}/`.length)
      if (PUBLIC[kind].has(file)) continue
      const pair = `${f} -> ${i.to}`
      if (kind === 'test' && TEST_REACH_INS.has(pair)) {
        seen.add(pair)
        continue
      }
      problems.push(`${where}: imports ${i.to} (${kind} code may import another plugin's ${[...PUBLIC[kind]].join(', ')})`)
    }
  }
  for (const gone of [...TEST_REACH_INS].filter((p) => !seen.has(p))) problems.push(`${gone}: gone, strike it from TEST_REACH_INS`)
  return problems
}

test('BLD-02 HAR-01 a plugin imports another only through its api.ts (widgets.tsx; harness code fake-api.ts)', () => {
  const problems = crossingProblems()
  assert.equal(problems, [], problems.join('\n'))
})

// ---- rule 3: no new pair of plugins that depend on each other ----

/** today's pairs (code, harness slices and types counted; tests aside): make this list shorter */
const ALLOWED_PAIRS = new Set(['calls <-> live', 'calls <-> message', 'engage <-> shell', 'gift <-> live', 'live <-> rank', 'live <-> wish', 'recharge <-> vip', 'shell <-> user'])

function mutualPairs(): Map<string, string[]> {
  const deps = new Map<string, string[]>()
  for (const f of sourcesOf('plugins').filter((f) => !isTest(f) && !isKit(f))) {
    for (const i of importsOf(f)) {
      const a = pluginOf(f)
      const b = pluginOf(i.to)
      if (!a || !b || a === b) continue
      const key = `${a}>${b}`
      deps.set(key, [...(deps.get(key) ?? []), `${f}:${i.line} -> ${i.to}`])
    }
  }
  const pairs = new Map<string, string[]>()
  for (const [key, why] of deps) {
    const [a, b] = key.split('>')
    if (a < b && deps.has(`${b}>${a}`)) pairs.set(`${a} <-> ${b}`, [why[0], deps.get(`${b}>${a}`)![0]])
  }
  return pairs
}

test('BLD-02 no new pair of plugins depends on each other', () => {
  const pairs = mutualPairs()
  const problems = [
    ...[...pairs].filter(([p]) => !ALLOWED_PAIRS.has(p)).map(([p, why]) => `${p}: a new pair (${why.join('; ')})`),
    ...[...ALLOWED_PAIRS].filter((p) => !pairs.has(p)).map((p) => `${p}: no longer a pair, strike it from ALLOWED_PAIRS`),
  ]
  assert.equal(problems, [], problems.join('\n'))
})

// ---- rule 4: the kernel knows no plugin ----

test('BLD-02 the kernel imports no plugin (an app\'s plugin set is data)', () => {
  const problems = sourcesOf('kernel')
    .flatMap(importsOf)
    .filter((i) => i.to?.startsWith('plugins/'))
    .map((i) => `${i.from}:${i.line}: imports ${i.to}`)
  assert.equal(problems, [], problems.join('\n'))
})

test.run()
