// lottie-web ships as CommonJS: reached through this ES module, its chunk is linked to the first
// bundle like every other lazy chunk, so esbuild's CommonJS helpers stay there instead of becoming
// a chunk of their own that the first screen would have to load (as the chat-room SDK is reached).
import lottie from 'lottie-web/build/player/lottie_light.js'

export { lottie }
