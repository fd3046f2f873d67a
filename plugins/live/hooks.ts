// The live plugin's view of its service, for its pages and widgets.
import { useKernel } from '../../kernel/hooks.ts'
import { liveServiceRef } from './ref.ts'

export const useLive = () => useKernel().need(liveServiceRef)
