// The house in figures (issue "a house a newcomer can read"): how big each part is, how code is
// deferred, where imports go round in circles, which functions are long, and how closely the
// harness slices keep the app's rules. Run before and after a change, the same way both times:
//   node scripts/house-figures.mjs            (add --list for every long function and every import)
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSync } from 'oxc-parser'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const LIST = process.argv.includes('--list')
const CODE = /\.(ts|tsx|mjs)$/
const isTest = (f) => /\.test\.tsx?$/.test(f) || f.startsWith('e2e/')
const rel = (abs) => relative(ROOT, abs).split(sep).join('/')

function walkDir(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name.startsWith('.') || name === 'dist' || name === 'artifacts') return []
    return statSync(path).isDirectory() ? walkDir(path) : [path]
  })
}

const all = walkDir(ROOT).map(rel)
const code = all.filter((f) => CODE.test(f) && !f.endsWith('.d.ts') && !f.endsWith('.d.mts'))
const lines = (f) => readFileSync(join(ROOT, f), 'utf8').split('\n').length

/** where a file belongs: kernel, app (plugins and apps), harness (harness/ and the plugins' fakes), other */
const pluginOf = (f) => (f.startsWith('plugins/') ? f.split('/')[1] : null)
const isFake = (f) => /^plugins\/[^/]+\/(.*\/)?fake([-.][^/]*)?\.ts$|^plugins\/[^/]+\/fake\//.test(f)
const isKit = (f) => /(^|\/)(testing|testkit)\.tsx?$/.test(f)
function area(f) {
  if (f.startsWith('kernel/')) return 'kernel'
  if (f.startsWith('harness/') || isFake(f)) return 'harness'
  if (f.startsWith('plugins/') || f.startsWith('apps/')) return 'app'
  return 'other'
}

// ---- parsing: imports and functions of every code file ----
const parsed = new Map()
function parse(f) {
  if (parsed.has(f)) return parsed.get(f)
  const src = readFileSync(join(ROOT, f), 'utf8')
  const { program } = parseSync(f, src)
  const lineAt = (i) => src.slice(0, i).split('\n').length
  const imports = [] // { source, kind: 'static' | 'type' | 'dynamic', ctx, line }
  const functions = [] // { name, lines, line }
  const stack = []
  const nameOf = (node, parent) => {
    if (node.id?.name) return node.id.name
    if (!parent) return '(anonymous)'
    if (parent.type === 'VariableDeclarator' && parent.id?.name) return parent.id.name
    if ((parent.type === 'MethodDefinition' || parent.type === 'Property' || parent.type === 'PropertyDefinition') && parent.key) return parent.key.name ?? parent.key.value ?? '(computed)'
    if (parent.type === 'CallExpression') {
      const callee = parent.callee
      const c = callee?.name ?? callee?.property?.name ?? 'call'
      return `(callback of ${c})`
    }
    if (parent.type === 'ExportDefaultDeclaration') return '(default export)'
    return '(anonymous)'
  }
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return
    const parent = stack[stack.length - 1]
    if (node.type === 'ImportDeclaration' || ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source)) {
      const typeOnly = node.importKind === 'type' || node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'))
      imports.push({ source: node.source.value, kind: typeOnly ? 'type' : 'static', line: lineAt(node.start) })
    }
    if (node.type === 'ImportExpression' && node.source?.type === 'Literal') {
      imports.push({ source: node.source.value, kind: 'dynamic', ctx: [...stack].reverse(), line: lineAt(node.start) })
    }
    if (node.type === 'TSImportType') {
      const lit = node.source ?? node.argument?.literal ?? node.argument
      if (typeof lit?.value === 'string') imports.push({ source: lit.value, kind: 'type', line: lineAt(node.start) })
    }
    if (/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression|ClassDeclaration|ClassExpression)$/.test(node.type)) {
      const n = lineAt(node.end) - lineAt(node.start) + 1
      const kind = node.type.startsWith('Class') ? 'class ' : ''
      functions.push({ name: kind + nameOf(node, parent), lines: n, line: lineAt(node.start) })
    }
    stack.push(node)
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue
      const v = node[key]
      if (Array.isArray(v)) v.forEach((c) => c && typeof c === 'object' && visit(c))
      else if (v && typeof v === 'object' && typeof v.type === 'string') visit(v)
    }
    stack.pop()
  }
  visit(program)
  const out = { src, imports, functions }
  parsed.set(f, out)
  return out
}

/** the repository file an import names, or null (a package) */
function target(from, source) {
  if (!source.startsWith('.')) return null
  const abs = resolve(ROOT, dirname(from), source)
  const r = rel(abs)
  for (const c of [r, `${r}.ts`, `${r}.tsx`, `${r}/index.ts`]) if (existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile()) return c
  return r
}

const section = (title) => console.log(`\n## ${title}`)
const nonTest = code.filter((f) => !isTest(f))

// ---- 1. lines ----
section('Non-test lines (.ts .tsx .mjs, tests and e2e aside)')
const byTop = {}
for (const f of nonTest) {
  const top = f.includes('/') ? f.split('/')[0] + '/' : '(root)'
  byTop[top] = (byTop[top] ?? 0) + lines(f)
}
let total = 0
for (const [k, v] of Object.entries(byTop).sort((a, b) => b[1] - a[1])) {
  console.log(`${k.padEnd(12)} ${v}`)
  total += v
}
console.log(`${'total'.padEnd(12)} ${total}`)
const fakeLines = nonTest.filter(isFake).reduce((s, f) => s + lines(f), 0)
const pluginLines = nonTest.filter((f) => f.startsWith('plugins/')).reduce((s, f) => s + lines(f), 0)
console.log(`plugin harness slices (fake*.ts, fake/): ${fakeLines} (${Math.round((100 * fakeLines) / pluginLines)} % of plugin code)`)
console.log(`kernel files: ${nonTest.filter((f) => f.startsWith('kernel/')).length}`)

// ---- 2. lazy seams ----
section('import() seams in app code (kernel, plugins, apps; harness slices and tests aside)')
function seamKind(imp) {
  const s = imp.source
  if (s.endsWith('.json')) return 'strings (locale tables)'
  if (!s.startsWith('.')) return 'SDK package'
  for (const node of imp.ctx) {
    if (node.type === 'CallExpression') {
      const c = node.callee?.name ?? node.callee?.property?.name
      if (c === 'later') return 'late plugin'
      if (c === 'once') return 'once()'
      if (c === 'lazy') return 'lazy component'
      if (c === 'route') return 'route page'
    }
    if (node.type === 'Property' && node.key) {
      const k = node.key.name ?? node.key.value
      if (k === 'page') return 'route page'
      if (k === 'component') return 'overlay component'
    }
  }
  return 'other seam (facade, in-plugin or kernel split)'
}
const seams = {}
const otherSeams = []
for (const f of nonTest.filter((f) => area(f) === 'app' || area(f) === 'kernel')) {
  if (isKit(f)) continue
  for (const imp of parse(f).imports.filter((i) => i.kind === 'dynamic')) {
    const k = seamKind(imp)
    seams[k] = (seams[k] ?? 0) + 1
    if (k.startsWith('other') || k === 'once()' || k === 'SDK package') otherSeams.push(`${k}: ${f}:${imp.line} -> ${imp.source}`)
  }
}
for (const [k, v] of Object.entries(seams).sort((a, b) => b[1] - a[1])) console.log(`${k.padEnd(48)} ${v}`)
console.log(`${'all'.padEnd(48)} ${Object.values(seams).reduce((a, b) => a + b, 0)}`)
console.log('seams other than routes, overlays, strings and late plugins:')
for (const s of otherSeams) console.log(`  ${s}`)

// ---- 3. import graph ----
const graphFiles = nonTest.filter((f) => area(f) !== 'other' && !isKit(f))
const edges = new Map() // file -> [{ to, kind }]
for (const f of graphFiles) {
  edges.set(
    f,
    parse(f)
      .imports.map((i) => ({ to: target(f, i.source), kind: i.kind, line: i.line, source: i.source }))
      .filter((e) => e.to),
  )
}

function scc(nodes, next) {
  let index = 0
  const idx = new Map()
  const low = new Map()
  const on = new Set()
  const st = []
  const groups = []
  const strong = (v) => {
    idx.set(v, index)
    low.set(v, index++)
    st.push(v)
    on.add(v)
    for (const w of next(v)) {
      if (!idx.has(w)) {
        strong(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)))
    }
    if (low.get(v) === idx.get(v)) {
      const g = []
      let w
      do {
        w = st.pop()
        on.delete(w)
        g.push(w)
      } while (w !== v)
      if (g.length > 1) groups.push(g.sort())
    }
  }
  for (const v of nodes) if (!idx.has(v)) strong(v)
  return groups
}

section('Import cycles')
const valueNext = (kinds) => (f) => (edges.get(f) ?? []).filter((e) => kinds.includes(e.kind) && edges.has(e.to)).map((e) => e.to)
const withLazy = scc(graphFiles, valueNext(['static', 'dynamic']))
const staticOnly = scc(graphFiles, valueNext(['static']))
const withTypes = scc(graphFiles, valueNext(['static', 'dynamic', 'type']))
console.log(`file-level cycle groups (value imports, import() included): ${withLazy.length}`)
const staticKey = new Set(staticOnly.map((g) => g.join()))
console.log(`  of which close only through an import() seam: ${withLazy.filter((g) => !staticKey.has(g.join())).length}`)
console.log(`file-level cycle groups of static value imports: ${staticOnly.length}`)
console.log(`file-level cycle groups counting type imports too: ${withTypes.length}`)
for (const g of withLazy) console.log(`  [${g.length}${staticKey.has(g.join()) ? '' : ', via import()'}] ${g.slice(0, 6).join(' ')}${g.length > 6 ? ' ...' : ''}`)

const pluginDeps = new Map() // "a>b" -> Set of files
for (const f of graphFiles.filter((f) => pluginOf(f))) {
  for (const e of edges.get(f)) {
    const to = pluginOf(e.to)
    if (!to || to === pluginOf(f)) continue
    const key = `${pluginOf(f)}>${to}`
    if (!pluginDeps.has(key)) pluginDeps.set(key, [])
    pluginDeps.get(key).push(f)
  }
}
const pairs = []
for (const key of pluginDeps.keys()) {
  const [a, b] = key.split('>')
  if (a < b && pluginDeps.has(`${b}>${a}`)) {
    const onlyFake = [...pluginDeps.get(key), ...pluginDeps.get(`${b}>${a}`)]
    const appOnly = (k) => pluginDeps.get(k).some((f) => !isFake(f))
    pairs.push(`${a} <-> ${b}${appOnly(key) && appOnly(`${b}>${a}`) ? '' : '  (only through harness slices)'}`)
    void onlyFake
  }
}
console.log(`plugin pairs that depend on each other (any import, types included): ${pairs.length}`)
for (const p of pairs.sort()) console.log(`  ${p}`)

// ---- 4. long functions ----
section('Functions (and classes) over 100 and 150 lines, tests aside')
const longOnes = []
for (const f of graphFiles) for (const fn of parse(f).functions) if (fn.lines > 100) longOnes.push({ ...fn, f, area: area(f) })
for (const a of ['app', 'kernel', 'harness']) {
  const mine = longOnes.filter((l) => l.area === a)
  console.log(`${a.padEnd(8)} over 100: ${String(mine.length).padStart(3)}   over 150: ${String(mine.filter((l) => l.lines > 150).length).padStart(3)}`)
}
console.log(`${'all'.padEnd(8)} over 100: ${String(longOnes.length).padStart(3)}   over 150: ${String(longOnes.filter((l) => l.lines > 150).length).padStart(3)}`)
longOnes.sort((a, b) => b.lines - a.lines)
for (const l of LIST ? longOnes : longOnes.filter((l) => l.lines > 150)) console.log(`  ${String(l.lines).padStart(4)} ${l.name}  ${l.f}:${l.line}`)

// ---- 5. the harness slices and the app's rules ----
section('Harness slices and the rules')
const casts = []
for (const f of graphFiles) {
  const src = parse(f).src
  for (const m of src.matchAll(/\.value\(\)\s*as\s/g)) casts.push(`${f}:${src.slice(0, m.index).split('\n').length}`)
}
console.log(`casts of store reads (.value() as T): ${casts.length}`)
const castsIn = (pred) => casts.filter((c) => pred(c.split(':')[0])).length
console.log(`  in plugin slices: ${castsIn((f) => f.startsWith('plugins/'))}, in harness/: ${castsIn((f) => f.startsWith('harness/'))}`)

const pluginNonTest = code.filter((f) => f.startsWith('plugins/') && !isTest(f))
const harnessImports = []
for (const f of pluginNonTest) for (const i of parse(f).imports) if ((target(f, i.source) ?? '').startsWith('harness/')) harnessImports.push({ f, to: target(f, i.source) })
console.log(`imports of harness/ from plugin folders (tests aside): ${harnessImports.length}, from ${new Set(harnessImports.map((h) => h.f)).size} files, of ${new Set(harnessImports.map((h) => h.to)).size} harness files`)
const byHarnessFile = {}
for (const h of harnessImports) byHarnessFile[h.to] = (byHarnessFile[h.to] ?? 0) + 1
console.log(`  ${Object.entries(byHarnessFile).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`)

const cross = (files) => {
  const out = []
  for (const f of files)
    for (const i of parse(f).imports) {
      const to = target(f, i.source)
      if (to && pluginOf(to) && pluginOf(f) && pluginOf(to) !== pluginOf(f) && !/^plugins\/[^/]+\/api\.ts$/.test(to)) out.push(`${f}:${i.line} -> ${to}`)
    }
  return out
}
const crossApp = cross(pluginNonTest)
const crossTest = cross(code.filter((f) => f.startsWith('plugins/') && isTest(f)))
console.log(`cross-plugin imports other than api.ts: ${crossApp.length} in code (${crossApp.filter((c) => isFake(c.split(':')[0])).length} from harness slices), ${crossTest.length} in tests`)
for (const c of [...crossApp, ...crossTest]) console.log(`  ${c}`)
// the public files (docs/plugin-shape.md): app code api.ts and widgets.tsx, harness code api.ts and fake-api.ts
const outside = crossApp.filter((c) => {
  const [from, to] = c.split(' -> ')
  const file = to.split('/').slice(2).join('/')
  return isFake(from.split(':')[0]) ? file !== 'fake-api.ts' : file !== 'widgets.tsx'
})
console.log(`cross-plugin imports in code outside the public files (api.ts, widgets.tsx; harness code api.ts, fake-api.ts): ${outside.length}`)
const kernelToPlugin = nonTest.filter((f) => f.startsWith('kernel/')).flatMap((f) => parse(f).imports.filter((i) => (target(f, i.source) ?? '').startsWith('plugins/')).map((i) => `${f}:${i.line}`))
console.log(`kernel imports of a plugin: ${kernelToPlugin.length}`)

// ---- 6. plugin folders ----
section('Plugin folders')
const plugins = readdirSync(join(ROOT, 'plugins')).filter((d) => statSync(join(ROOT, 'plugins', d)).isDirectory())
const names = {}
for (const p of plugins) for (const n of readdirSync(join(ROOT, 'plugins', p))) if (!/\.test\.tsx?$/.test(n) && !/^[A-Z]/.test(n) && !n.endsWith('.css')) names[n] = (names[n] ?? 0) + 1
console.log(`plugins: ${plugins.length}; file names in two or more (components, styles and tests aside):`)
console.log(`  ${Object.entries(names).filter(([, v]) => v > 1).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`)
const kits = all.filter((f) => f.startsWith('plugins/') && isKit(f))
console.log(`test kits: ${kits.join(', ')}`)
const requires = plugins.filter((p) => existsSync(join(ROOT, 'plugins', p, 'index.ts')) && /\brequires\s*:/.test(readFileSync(join(ROOT, 'plugins', p, 'index.ts'), 'utf8')))
console.log(`plugins declaring requires: ${requires.length} of ${plugins.length}`)

// ---- 7. README ----
section('README')
console.log(`README.md lines: ${lines('README.md')}`)
