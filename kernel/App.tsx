// The React root: kernel context, the frame a plugin brings (header, tab bar) around the routes,
// always-mounted widgets, and the overlay host on top.
import { StrictMode, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { Router as WouterRouter } from 'wouter'
import { KernelContext, useKernel, useSignalValue } from './hooks.ts'
import { OverlayHost } from './overlays.tsx'
import { Routes, wouterHooks, type KernelRouter } from './router.tsx'
import { injectStyle } from './style.ts'
import { afterFirstScreen } from './first-screen.ts'
import type { Kernel } from './types.ts'
import baseCss from './base.css'
import { injectSprite } from './ui/sprite.tsx'
import kernelIcons from './ui/icons.svg'

export function KernelApp({ kernel }: { kernel: Kernel }) {
  const hooks = wouterHooks(kernel.router)
  const Sync = (kernel.router as Partial<KernelRouter>).Sync
  const Frame = kernel.plugins.find((p) => p.frame)?.frame
  const routes = <Routes />
  return (
    <KernelContext.Provider value={kernel}>
      <WouterRouter hook={hooks.hook} searchHook={hooks.searchHook}>
        {Sync && <Sync />}
        {Frame ? <Frame>{routes}</Frame> : routes}
        <Widgets />
        <OverlayHost />
      </WouterRouter>
    </KernelContext.Provider>
  )
}

/** Every plugin's always-mounted widgets; late plugins add theirs when they join. */
function Widgets() {
  const kernel = useKernel()
  useSignalValue(kernel.pending)
  return kernel.plugins.flatMap((p) => p.widgets ?? []).map((W: ComponentType, i) => <W key={i} />)
}

/** Render the app into `el`; returns the unmount function. */
export function mountApp(kernel: Kernel, el: HTMLElement): () => void {
  injectStyle(baseCss)
  injectSprite(kernelIcons)
  for (const p of kernel.plugins) {
    p.styles?.forEach(injectStyle)
    p.sprites?.forEach(injectSprite)
  }
  const root = createRoot(el)
  root.render(
    <StrictMode>
      <KernelApp kernel={kernel} />
    </StrictMode>,
  )
  // after the first screen, so the first toast or dialog shows without a wait
  void afterFirstScreen(kernel)
    .then(() => kernel.overlays.load())
    .catch(() => undefined)
  return () => root.unmount()
}
