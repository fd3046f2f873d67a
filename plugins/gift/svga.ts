// svga (SVGAPlayer-Web-Lite) reached through its ES build: the package's "browser" field names a UMD
// file, which the bundler would wrap in CommonJS helpers; this module is loaded only through once().
export { Parser, Player } from 'svga/dist/index.esm.min.js'
