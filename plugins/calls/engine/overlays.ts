// Which call overlay shows follows the engine: the waiting screen while an outgoing direct call
// rings (match calls keep their own matching page), the in-call screen once connected, the
// incoming popup while a host's call rings. Opening and closing here keeps the components dumb.
import { effect, untracked } from '@preact/signals-react'
import type { Disposer, Kernel } from '../../../kernel/types.ts'
import { CallGameType, CallOverlay, CallStatus } from '../api.ts'
import type { CallsService } from './start.ts'

function toggle(kernel: Kernel, id: string, want: boolean) {
  const open = kernel.overlays.isOpen(id)
  if (want && !open) void kernel.overlays.open(id)
  else if (!want && open) kernel.overlays.close(id)
}

export function syncCallOverlays(kernel: Kernel, service: CallsService): Disposer {
  return effect(() => {
    const i = service.info.value
    const ringing = service.engine.incoming.call.value != null
    const waiting = i.status === CallStatus.CALLING && i.callInOrOut === 'out' && i.callGameType !== CallGameType.MATCH
    const screen = i.status === CallStatus.CALLING_ING
    untracked(() => {
      toggle(kernel, CallOverlay.waiting, waiting)
      toggle(kernel, CallOverlay.screen, screen)
      toggle(kernel, CallOverlay.incoming, ringing)
    })
  })
}
