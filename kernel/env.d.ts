// Stylesheets are imported as text (esbuild's text loader) and injected by the kernel's injectStyle,
// so a lazy chunk carries its own CSS.
declare module '*.css' {
  const text: string
  export default text
}
