// How the suites and the bench launch Chromium: Debian's build, headless, with a fake camera and mic.
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
]
/** A page script: the page's WebGL reports a phone's GPU (an Adreno) as its renderer. Chromium here
 *  draws WebGL in software (SwiftShader), where the app plays no MP4 gift (plugins/gift/player.ts
 *  gpuDrawsWebgl); a test or bench of the MP4 player itself runs this first, as a test of a mid-range
 *  phone says how many cores it has. (A script's text: the test runner's transform would wrap a function.) */
export const GPU_WEBGL = `for (const C of [WebGLRenderingContext, WebGL2RenderingContext]) {
  const get = C.prototype.getParameter
  C.prototype.getParameter = function (p) { return p === 0x9246 ? 'Adreno (TM) 618' : get.call(this, p) }
}`
/** the phone the app is made for */
export const PHONE = { width: 390, height: 844 }
/** every address but loopback cut off: a dead proxy, no name resolution, no UDP outside the proxy;
 *  the real SDKs run their own checks and fail with their own network errors */
export const CUT_NETWORK_ARGS = [
  '--proxy-server=http://127.0.0.1:9',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
]
