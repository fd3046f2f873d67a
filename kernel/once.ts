// The one loader of everything lazy (late plugins, the SDKs, the overlay engine, the native
// bridge's calls...): one load shared by every caller; a failure (a chunk that did not arrive on a
// dropped connection) is forgotten, so the next call tries again.
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null
  return () =>
    (p ??= load().catch((err) => {
      p = null
      throw err
    }))
}
