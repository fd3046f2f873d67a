// The whole USDT service, for this plugin's own pages and widgets; other plugins use usdtRef.
import { ref } from '../../kernel/plugin.ts'
import type { UsdtService } from './state.ts'

export const usdtServiceRef = ref<UsdtService>('usdt.service')
