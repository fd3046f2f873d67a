// The live badge's bars. HTML, not SVG: the browser runs a transform animation of an HTML element
// on its compositor, but an SVG shape's on the page's main thread, every frame; the wall's live
// cards' SVG bars took about a quarter of an idle wall's main thread at a phone's 4x.
export const IconLiveBars = () => (
  <span className="wl-bars" aria-hidden="true">
    <i className="wl-bar" />
    <i className="wl-bar" />
    <i className="wl-bar" />
  </span>
)
