// The calls service as the screens see it.
import { use } from 'react'
import { useKernel } from '../../../kernel/hooks.ts'
import { callsServiceRef } from '../service.ts'
import type { CallsService } from '../engine/start.ts'

/** The full calls service; suspends while its engine loads (the screens sit under Suspense). */
export function useCalls(): CallsService {
  const calls = useKernel().need(callsServiceRef)
  return calls.loaded.peek() ?? use(calls.load())
}
