// `npm run bench`: every part below, in order; `node bench/bench.ts http lighthouse` runs only
// the parts named. Speed figures are ratios to a static file served by the same process in the
// same run, so results compare across machines and survive a busy one.
//   http        API reads and pages vs /robots.txt: SQLite and MariaDB, demo and 2,000 artists /
//               20,000 tracks, with REDIS_URL (issue 12's goals, met or missed)
//   lighthouse  first paint on a phone: Lighthouse mobile preset, median of 3, four pages, with the
//               demo's media processed, then with 2,000 artists / 20,000 tracks (within 1.2x?)
//   accessibility  Lighthouse accessibility of the pages people land on, per role (goal >= 96)
//   scale       uncached render time, demo catalog vs the large one
//   search      /api/search and suggestions over 20,000 tracks, SQLite and MariaDB (p50/p95)
//   analysis    audio analysis accuracy and speed (OneTrack vs Essentia), generated then realistic corpus
//   realistic   only the realistic corpus (GM songs rendered by FluidSynth): accuracy, reliability, genre
//   upload      memory of the two upload paths
//   nodes       one app node against two, and how fast a write shows on the other
//   mix         a realistic load mix on two nodes (MariaDB, Redis, 20,000 tracks): reads idle, then
//               under 20 writes/s; cached anonymous pages keep >= 80 % of their idle throughput?
//   costs       CPU per request of each kind (hits, renders, misses, the mix's writes) on the mix's
//               two nodes: what a change to a render or a write moves, apart from the machine's speed
//   knee        the mix's reads with more connections step by step until p99 > 250 ms or an error,
//               one node and two: the capacity of a node
//   backup      npm run backup and restore: time and archive size, SQLite and MariaDB, demo and 20,000 tracks
//   js          JS bytes (brotli) a page can fetch, and the translation code each island carries
//   input       first-input delay and INP on a phone (375x812, CPU 4x): typing into /login, Like on a track
//   insights    play-report ingest (SQLite and MariaDB, one node and two; goal >= 2,000 events/s) and
//               artist dashboards over 10 million play events on MariaDB (goal p95 <= 100 ms)
import { httpBench } from './http.ts';

const PARTS: Record<string, () => Promise<unknown>> = {
  http: httpBench,
  lighthouse: async () => (await import('./lighthouse.ts')).lighthouseBench(),
  accessibility: async () => (await import('./accessibility.ts')).accessibilityBench(),
  scale: async () => (await import('./catalog-scale.ts')).scaleBench(),
  // These run when imported.
  search: () => import('./search.ts'),
  analysis: async () => {
    await import('./analysis.ts');
    await (await import('./analysis-realistic.ts')).realisticBench();
  },
  realistic: async () => (await import('./analysis-realistic.ts')).realisticBench(),
  upload: () => import('./upload-memory.ts'),
  nodes: () => import('./nodes.ts'),
  mix: async () => (await import('./mix.ts')).mixBench(),
  costs: async () => (await import('./costs.ts')).costsBench(),
  knee: async () => (await import('./knee.ts')).kneeBench(),
  js: async () => (await import('./jsBytes.ts')).jsBytesBench(),
  input: async () => (await import('./inputDelay.ts')).inputDelayBench(),
  insights: async () => (await import('./insights.ts')).insightsBench(),
  backup: async () => (await import('./backup.ts')).backupBench(),
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in PARTS));
if (unknown.length)
  throw new Error(`unknown bench part ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}`);
for (const name of asked.length ? asked : Object.keys(PARTS)) await PARTS[name]();
