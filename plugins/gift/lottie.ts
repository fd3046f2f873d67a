// lottie-web ships as CommonJS: reached through this ES module, its chunk is linked to the first
// bundle like every other lazy chunk, so esbuild's CommonJS helpers stay there instead of becoming
// a chunk of their own that the first screen would have to load (as the chat-room SDK is reached).
import lottie from 'lottie-web/build/player/lottie_light.js'

// Before it builds a play, lottie completes the file's data (its layers, shapes and paths), and it
// changes the data it is given as it does. In lottie's worker (made from a Blob: a deployment's
// content policy must allow `worker-src blob:`; build.mjs mends it for minified code) that work
// leaves the page's main thread and is done on the copy its message makes; without a worker, each
// play gets a copy of its own, made on the page. A warm play's start at 4x CPU, in a page of its own:
// 15-60 ms of the main thread in one task with the copy made there, 4-20 ms with the worker.
const withWorker = lottie as typeof lottie & { useWebWorker?: (on: boolean) => void } // lottie 5.8.0's changelog names it; its types do not
const offThread = typeof Worker === 'function' && typeof Blob === 'function' && typeof withWorker.useWebWorker === 'function'
if (offThread) withWorker.useWebWorker!(true)

/** the data a play may hand to lottie: the file's parsed data stays as it came, for its next play */
export const dataToPlay = (data: unknown) => (offThread ? data : structuredClone(data))

export { lottie }
