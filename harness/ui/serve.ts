// Serves the control page at /__harness/ui: its own small esbuild bundle (harness/ui/main.tsx),
// built in memory on first request and kept, never part of the app's builds.
import { fileURLToPath } from 'node:url'
import { RawReply } from '../types.ts'

const entry = fileURLToPath(new URL('./main.tsx', import.meta.url))

/** Bundle the page: React, the kernel's styles and spinner, minified. */
async function buildControlPage(): Promise<string> {
  const esbuild = await import('esbuild')
  const out = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    jsx: 'automatic',
    target: 'es2022',
    loader: { '.css': 'text', '.svg': 'text' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  return out.outputFiles[0].text
}

let script: Promise<string> | null = null

const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Harness control</title><link rel="icon" href="data:,">
<script type="module" src="/__harness/ui/app.js"></script></head>
<body><div id="root"></div></body></html>`

export const controlPage = {
  html: () => new RawReply(html),
  async script() {
    script ??= buildControlPage().catch((err) => {
      script = null
      throw err
    })
    return new RawReply(await script, 'text/javascript; charset=utf-8')
  },
  /** start the build early (npm start), so the first visit does not wait */
  warm() {
    void this.script().catch(() => {})
  },
}
