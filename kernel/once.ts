// The loader of code over about 1 KB gzip that the first screen never runs (the SDKs, the overlay
// host, the late plugins' joining): one load shared by every caller; a failure (a chunk that did
// not arrive on a dropped connection) is forgotten, so the next call tries again.
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null
  return () =>
    (p ??= load().catch((err) => {
      p = null
      throw err
    }))
}
