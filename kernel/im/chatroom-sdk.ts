// The NIM chat-room SDK ships only as CommonJS (a UMD file): reached through this ES module, its chunk is
// linked to the first bundle like every other lazy chunk (the build appends the entry import to
// ES modules only), so esbuild's CommonJS helpers stay in the first bundle instead of becoming a
// chunk of their own that the first screen would have to load.
import * as mod from 'nim-web-sdk-ng/dist/v2/CHATROOM_BROWSER_SDK.js'

type ChatroomClientClass = typeof mod.default
// The package is "type": "module", so esbuild imports the UMD file in node mode: `default` is the
// whole module.exports, and the client class is its own `default` (seen in Chromium: the class sits
// at default.default, with newInstance, destroyInstance, getInstanceList).
const exportsOf = mod.default as unknown as { default?: ChatroomClientClass; V2NIMChatroomConst?: typeof mod.V2NIMChatroomConst }
export const V2NIMChatroomClient: ChatroomClientClass = typeof exportsOf.default?.newInstance === 'function' ? exportsOf.default : mod.default
export const V2NIMChatroomConst: typeof mod.V2NIMChatroomConst = exportsOf.V2NIMChatroomConst ?? mod.V2NIMChatroomConst
