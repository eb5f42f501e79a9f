// The `player.stream-only` hook: a kept track plays the stream file it keeps, even with "High
// quality audio" on (site/lib/player.ts).
export { isKept as default } from './kept.ts';
