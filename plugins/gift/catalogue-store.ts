// The gift catalogue as the panel and the layer read it: loaded once (or again on force), one
// request at a time, and a gift found by its id once it is there.
import { signal, type Signal } from '@preact/signals-react'
import type { Kernel } from '../../kernel/types.ts'
import { findGift, readCatalogue, type Catalogue, type Gift } from './catalogue.ts'
import { GiftPaths } from './paths.ts'

export type Loadable = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; data: Catalogue }

export interface CatalogueStore {
  catalogue: Signal<Loadable>
  load(force?: boolean): Promise<void>
  /** the gift of this id in the loaded catalogue (undefined before it loaded) */
  giftOf(giftId: number): Gift | undefined
}

export function createCatalogueStore(kernel: Kernel): CatalogueStore {
  const catalogue = signal<Loadable>({ status: 'idle' })
  let loading: Promise<void> | null = null

  const load = (force = false) => {
    if (!force && (catalogue.peek().status === 'ready' || loading)) return loading ?? Promise.resolve()
    catalogue.value = { status: 'loading' }
    loading = kernel.api
      .post<unknown>(GiftPaths.list, {}, { silent: true })
      .then((answer) => void (catalogue.value = { status: 'ready', data: readCatalogue(answer) }))
      .catch(() => void (catalogue.value = { status: 'error' }))
      .finally(() => void (loading = null))
    return loading
  }

  const giftOf = (giftId: number) => {
    const c = catalogue.peek()
    return c.status === 'ready' ? findGift(c.data, giftId) : undefined
  }

  return { catalogue, load, giftOf }
}
