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
