// The live badge's bars (the wall's other icons are symbols of icons.svg). HTML, not SVG shapes:
// an SVG shape's transform animation laid the page out every frame, about 50 layouts in 5 s of an
// idle wall at a phone's 4x; these bars take 5 (see the speed log).
export const IconLiveBars = () => (
  <span className="wl-bars" aria-hidden="true">
    <i className="wl-bar" />
    <i className="wl-bar" />
    <i className="wl-bar" />
  </span>
)
