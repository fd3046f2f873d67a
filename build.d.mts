// Types of build.mjs for the TypeScript callers (e2e, bench).
import type { BuildOptions, Metafile, Plugin } from 'esbuild'

export interface SizeRow {
  file: string
  bytes: number
  gzip: number
  /** the source file when this output is an entry point (the app entry, or a dynamically imported module) */
  source?: string
}
export interface BuildResult {
  outdir: string
  report: SizeRow[]
  /** the entry and every chunk it imports statically: what loads first */
  entryFiles: string[]
  initialGzip: number
  /** what the first screen loads at the main path (the entry's files, the page and its strings), named in index.html */
  firstScreenFiles: string[]
  /** with the early script (apps/early.ts), which index.html carries inline */
  firstScreenGzip: number
  earlyGzip: number
  /** the React hello world built with the same options in the same run, and the ceiling of their ratio */
  helloGzip: number
  ceiling: number
  /** the first screen's stylesheet (the CSS of the entry's static graph), linked from index.html */
  styleFiles: string[]
  styleGzip: number
  /** index.html, with the first screen's icons (SVG symbols) in it */
  htmlGzip: number
  /** output files that contain an SDK (agora, nim) */
  sdkChunks: string[]
  metafile: Metafile
}
export function buildApp(opts?: {
  mode?: 'harness' | 'production'
  appId?: string
  outdir?: string
  minify?: boolean
  quiet?: boolean
  configFile?: string
  /** where production app-config.js values come from (default process.env) */
  env?: Record<string, string | undefined>
  /** extra esbuild plugins, after the app selection */
  plugins?: Plugin[]
  /** the path the app is served under, '/' (default, or env APP_BASE) or a sub-path such as '/app/' */
  base?: string
}): Promise<BuildResult>
export function baseOptions(opts?: { mode?: 'harness' | 'production'; minify?: boolean }): BuildOptions
export function initialFiles(metafile: Metafile, entryOut: string): string[]
export function sdkInputs(metafile: Metafile, outFile: string): string[]
export function findManifestFile(appId: string): Promise<string>
export function productionConfig(opts?: { configFile?: string; env?: Record<string, string | undefined> }): Promise<Record<string, unknown>>
export const SDK_PATTERNS: RegExp[]
export const SIZE_CEILING: number
export function buildHelloWorld(dir: string, opts?: { minify?: boolean }): Promise<{ outdir: string; gzip: number }>
