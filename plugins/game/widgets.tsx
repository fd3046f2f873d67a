// The component the game plugin lends to other plugins' pages: its entries on the user page. With
// api.ts, the only files of this plugin another plugin imports (api.ts holds no component).
export { GameEntries } from './Entries.tsx'
