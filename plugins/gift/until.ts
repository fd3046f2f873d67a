/** resolves when any of `signals` aborts or `ms` have passed (a play's bound: the first of its cut,
 *  its cancel and its room's close) */
export const firstOf = (ms: number, ...signals: AbortSignal[]) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    const done = () => (clearTimeout(timer), resolve())
    for (const s of signals) s.aborted ? done() : s.addEventListener('abort', done, { once: true })
  })
