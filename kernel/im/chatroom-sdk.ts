// The NIM chat-room SDK ships only as CommonJS: reached through this ES module, its chunk is
// linked to the first bundle like every other lazy chunk (the build appends the entry import to
// ES modules only), so esbuild's CommonJS helpers stay in the first bundle instead of becoming a
// chunk of their own that the first screen would have to load.
import * as sdk from 'nim-web-sdk-ng/dist/v2/CHATROOM_BROWSER_SDK.js'

export { sdk }
