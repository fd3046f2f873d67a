// The components the engagement plugin lends to other plugins' pages: the level badge every plugin
// shows a level with, and the entries on the user page. With api.ts, the only files of this
// plugin another plugin imports (api.ts holds no component, so importing it loads no React code).
export { LevelBadge, NameBar } from './LevelBadge.tsx'
export { EngageEntries } from './Entries.tsx'
