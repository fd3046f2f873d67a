// The 'calls' service ref, apart from api.ts: the plugin's first-bundle files need only this.
import { ref } from '../../kernel/plugin.ts'
import type { CallsApi } from './api.ts'

export const callsRef = ref<CallsApi>('calls')
