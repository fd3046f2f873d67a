// The calls service as the screens see it.
import { use } from 'react'
import { useKernel } from '../../kernel/hooks.ts'
import { callsRef } from './ref.ts'
import type { CallsFacade } from './facade.ts'
import type { CallsService } from './service.ts'

/** The full calls service; suspends while its engine loads (the screens sit under Suspense). */
export function useCalls(): CallsService {
  const calls = useKernel().need(callsRef) as CallsFacade | CallsService
  // a test may bind the full service directly
  if (!('load' in calls)) return calls
  return calls.loaded.peek() ?? use(calls.load())
}

/** Overlay ids of the calls plugin. */
export const CallOverlay = {
  waiting: 'calls.waiting',
  screen: 'calls.screen',
  incoming: 'calls.incoming',
  post: 'calls.post',
} as const
