// The clock and timers the call engine runs on: the kernel's; tests pass fake ones (test/fake-timers.ts).
export { realTimers as browserTimers, type Timers as CallTimers } from '../../../kernel/timers.ts'
