// The calls service: what the plugin provides under callsRef (api.ts), and, inside the plugin,
// under callsServiceRef with the engine the screens drive. Like every service it is created on
// first use (a call started, a host calling, a screen drawn), so before that no engine runs; the
// pushes that only matter to a call already on (its notifications, a balance during it) reach it
// only once it is there (startedFor).
import { ref } from '../../kernel/plugin.ts'
import type { Kernel } from '../../kernel/types.ts'
import { startCallsService, type CallsOptions, type CallsService } from './engine/start.ts'

/** the plugin's own handle on it; other plugins use callsRef (api.ts), which is the same object */
export const callsServiceRef = ref<CallsService>('calls.service')

const started = new WeakMap<Kernel, CallsService>()

/** the service of this kernel, made for its first user */
export function createCallsServiceOf(kernel: Kernel, opts: CallsOptions): CallsService {
  const service = startCallsService(kernel, opts)
  started.set(kernel, service)
  return service
}

/** the service if something has needed it already, else undefined (nothing to tell a call that never began) */
export const startedFor = (kernel: Kernel): CallsService | undefined => started.get(kernel)
