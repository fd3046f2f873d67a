// The harness knows no plugin by name: it finds every plugins/<id>/fake.ts and merges them.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { FakeSlice } from './types.ts'

export interface LoadedSlice {
  id: string
  slice: FakeSlice
}

const defaultPluginsDir = fileURLToPath(new URL('../plugins/', import.meta.url))

/** `only` restricts to some plugin ids (tests that need a known set). */
export async function loadSlices(pluginsDir = defaultPluginsDir, only?: string[]): Promise<LoadedSlice[]> {
  if (!existsSync(pluginsDir)) return []
  const ids = readdirSync(pluginsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(pluginsDir, d.name, 'fake.ts')))
    .map((d) => d.name)
    .filter((id) => !only || only.includes(id))
    .sort()
  const out: LoadedSlice[] = []
  for (const id of ids) {
    const mod = await import(pathToFileURL(join(pluginsDir, id, 'fake.ts')).href)
    const slice = (mod.default ?? mod.fake) as FakeSlice | undefined
    if (!slice || typeof slice !== 'object') throw new Error(`plugins/${id}/fake.ts must export default defineFake({...})`)
    out.push({ id, slice })
  }
  return out
}

/** Merge one kind of entry (endpoints or control) and fail fast, naming both plugins, on a clash. */
export function mergeEntries<T>(slices: LoadedSlice[], pick: (s: FakeSlice) => Record<string, T> | undefined, what: string) {
  const merged = new Map<string, { id: string; entry: T }>()
  for (const { id, slice } of slices) {
    for (const [key, entry] of Object.entries(pick(slice) ?? {})) {
      const taken = merged.get(key)
      if (taken) throw new Error(`${what} ${key} is defined by both plugins ${taken.id} and ${id}`)
      merged.set(key, { id, entry })
    }
  }
  return merged
}
