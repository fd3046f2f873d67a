// The calls service as the screens see it.
import { useKernel } from '../../kernel/hooks.ts'
import { callsRef } from './api.ts'
import type { CallsService } from './service.ts'

export function useCalls(): CallsService {
  return useKernel().need(callsRef) as CallsService
}

/** Overlay ids of the calls plugin. */
export const CallOverlay = {
  waiting: 'calls.waiting',
  screen: 'calls.screen',
  incoming: 'calls.incoming',
  post: 'calls.post',
} as const
