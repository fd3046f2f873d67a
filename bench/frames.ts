// The one frame recorder of the benches: page scripts (strings: tsx would wrap a function) that
// count frames and long tasks over 50 ms from START_FRAMES until STOP_FRAMES, which returns
// { fps, p95, longTasks }.
export const START_FRAMES = `(() => {
  window.__frames = []; window.__long = 0; window.__stop = false
  new PerformanceObserver((l) => { window.__long += l.getEntries().filter((e) => e.duration > 50).length }).observe({ type: 'longtask' })
  let last = performance.now()
  const loop = (t) => { window.__frames.push(t - last); last = t; if (!window.__stop) requestAnimationFrame(loop) }
  requestAnimationFrame(loop)
})()`

export interface FrameStats {
  fps: number
  p95: number
  longTasks: number
}

export const STOP_FRAMES = `(() => {
  window.__stop = true
  const all = window.__frames.slice(1), f = [...all].sort((a, b) => a - b)
  const total = all.reduce((s, x) => s + x, 0)
  return { fps: f.length / (total / 1000), p95: f[Math.floor(f.length * 0.95)] ?? 0, longTasks: window.__long }
})()`
