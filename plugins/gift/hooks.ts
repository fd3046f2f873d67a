import { useKernel } from '../../kernel/hooks.ts'
import { giftServiceRef } from './refs.ts'

/** the gift service of this app's kernel */
export const useGift = () => useKernel().need(giftServiceRef)
