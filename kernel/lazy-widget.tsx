// A widget whose component loads after the first screen. Most always-mounted widgets (the pay
// button, the USDT badge, the offer icon) show nothing to a guest on /wall, so their code need not
// be in the first bundle: this stand-in renders nothing until the gate opens and the chunk (and the
// strings, which then need not load before the first paint either) arrive.
import { useEffect, useState, type ComponentType } from 'react'
import { afterFirstScreen, deferredWidget } from './first-screen.ts'
import { useKernel } from './hooks.ts'

export function lazyWidget(load: () => Promise<ComponentType>): ComponentType {
  let Loaded: ComponentType | null = null
  // one load for every mount; a failed load may be tried again by the next mount
  let loading: Promise<ComponentType> | null = null
  function LazyWidget() {
    const kernel = useKernel()
    const [Component, setComponent] = useState<ComponentType | null>(() => Loaded)
    useEffect(() => {
      if (Component) return
      let live = true
      loading ??= afterFirstScreen(kernel)
        .then(() => Promise.all([load(), kernel.i18n.ready().catch(() => undefined)]))
        .then(([c]) => (Loaded = c))
      loading.then(
        (c) => live && setComponent(() => c),
        (err) => {
          loading = null
          console.error('[app] a widget failed to load', err)
        },
      )
      return () => {
        live = false
      }
    }, [kernel, Component])
    return Component ? <Component /> : null
  }
  return deferredWidget(LazyWidget)
}
