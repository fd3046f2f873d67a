// Stylesheets are imported as text (esbuild's text loader) and injected by the kernel's injectStyle,
// so a lazy chunk carries its own CSS.
declare module '*.css' {
  const text: string
  export default text
}

// Sheets of SVG <symbol>s are imported as text too (see ui/sprite.tsx).
declare module '*.svg' {
  const text: string
  export default text
}

// nim-web-sdk-ng's chat-room build ships its types in a folder beside the script.
declare module 'nim-web-sdk-ng/dist/v2/CHATROOM_BROWSER_SDK.js' {
  export * from 'nim-web-sdk-ng/dist/v2/CHATROOM_BROWSER_SDK/index'
  export { default } from 'nim-web-sdk-ng/dist/v2/CHATROOM_BROWSER_SDK/index'
}

// svga's ES build (its "browser" field names a UMD file) has its types at the package's root.
declare module 'svga/dist/index.esm.min.js' {
  export * from 'svga'
}
