// The whole gift service, for this plugin's own components (others use giftRef in api.ts).
import { ref } from '../../kernel/plugin.ts'
import type { GiftService } from './state.ts'

export const giftServiceRef = ref<GiftService>('gift.service')
