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
/** the phone the app is made for */
export const PHONE = { width: 390, height: 844 }
/** every address outside loopback cut off: a dead proxy, no name resolution but loopback, no UDP
 *  outside the proxy. The real SDKs run with these and must fail with their own network errors. */
export const CUT_NETWORK_ARGS = ['--proxy-server=http://127.0.0.1:9', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--force-webrtc-ip-handling-policy=disable_non_proxied_udp']
