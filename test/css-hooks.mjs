// Node module hooks for tests: a .css or .svg import yields its text, as esbuild's text loader does in the app.
import { readFile } from 'node:fs/promises'
export async function load(url, context, next) {
  if (url.endsWith('.css') || url.endsWith('.svg')) {
    const text = await readFile(new URL(url), 'utf8')
    return { format: 'module', source: `export default ${JSON.stringify(text)}`, shortCircuit: true }
  }
  return next(url, context)
}
