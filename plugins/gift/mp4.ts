// yyeva (YYEVA-Web), the alpha-channel MP4 gift player, reached through this module so it is loaded
// only through once() (its renderers are chunks of their own it imports on first use).
export { yyEva } from 'yyeva'
