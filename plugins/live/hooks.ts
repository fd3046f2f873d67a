// The live plugin's view of its service, for its pages and widgets.
import { useKernel } from '../../kernel/hooks.ts'
import { liveServiceRef } from './refs.ts'

export const useLive = () => useKernel().need(liveServiceRef)
