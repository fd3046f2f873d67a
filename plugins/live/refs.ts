// The plugin's own service (room, notices), for its pages and widgets; other plugins use api.ts.
import { ref } from '../../kernel/plugin.ts'
import type { LiveService } from './service.ts'

export const liveServiceRef = ref<LiveService>('live.internal')
