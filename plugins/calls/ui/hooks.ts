// The calls service as the screens see it.
import { useKernel } from '../../../kernel/hooks.ts'
import { callsServiceRef } from '../service.ts'
import type { CallsService } from '../engine/start.ts'

/** The full calls service (its engine starts with the first screen that asks). */
export function useCalls(): CallsService {
  return useKernel().need(callsServiceRef)
}
