// Tap a live card to its first frame (LIVE-01): a touch-down on a live host's card starts what
// the tap will need and what is safe before it is a tap: the room page's code and the video
// client's code. Nothing is entered and nothing is asked of the server, so a touch-down that
// becomes a scroll costs nothing but code the next tap loads anyway.

/** a live host's card on the wall's lists: the wall marks each card with its host and status */
const LIVE_CARD = '[data-host-id][data-status="live"]'

export function warmOnTouchDown(doc: Document, warm: () => void): () => void {
  const onDown = (e: Event) => {
    const target = e.target as Element | null
    if (typeof target?.closest === 'function' && target.closest(LIVE_CARD)) warm()
  }
  doc.addEventListener('pointerdown', onDown, { capture: true, passive: true })
  return () => doc.removeEventListener('pointerdown', onDown, { capture: true })
}
