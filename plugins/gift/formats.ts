// Which player a gift's animation file needs, read from the file the server names (its path's
// extension, as the catalogue's giftAnimation gives it): Lottie JSON, SVGA, or an alpha-channel MP4.
// A file of no known format has no player: the gift shows its banner only.

export type AnimationFormat = 'lottie' | 'svga' | 'mp4'

const BY_EXTENSION: Record<string, AnimationFormat> = { json: 'lottie', svga: 'svga', mp4: 'mp4' }

/** the format of an animation file by its URL's path (a query or fragment does not count), or null */
export function formatOf(url: string): AnimationFormat | null {
  let path: string
  try {
    path = new URL(url, 'http://x/').pathname
  } catch {
    return null
  }
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase()
  return (ext && BY_EXTENSION[ext]) || null
}

