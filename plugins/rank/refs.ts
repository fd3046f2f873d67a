// The rank plugin's own clock (the 500 ms, 1.5 s and 3 s of d2 §4.7), fake in tests; other plugins use api.ts.
import { ref } from '../../kernel/plugin.ts'
import { realTimers, type Timers } from '../../kernel/timers.ts'
import { useKernel } from '../../kernel/hooks.ts'

export const rankTimersRef = ref<Timers>('rank.timers')

export const useRankTimers = (): Timers => useKernel().get(rankTimersRef) ?? realTimers
