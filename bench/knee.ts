// Where a node breaks (issue 25 point 3): the mix's reads (mix.ts: anonymous and signed-in pages, API
// reads, popular pages cached) on the mix's cluster (MariaDB, Redis, 2,000 artists / 20,000 tracks),
// with more reading connections step by step until p99 passes 250 ms or a request fails; the knee is
// the last step that held, for one node and for two behind the same round robin. The load generator
// runs on the same machine, so on a small one it takes its share of the cores: read the knee as a lower
// bound, and one node against two as the figure that carries over.
// Run alone with `node bench/bench.ts knee`; BENCH_SECONDS sets each step's length (10 s).
import os from 'node:os';
import { Load, startMixCluster, Tally } from './mix.ts';

const STEP_S = Number(process.env.BENCH_SECONDS || 10);
const STEPS = [1, 2, 4, 8, 16, 32, 64, 128];
const P99_LIMIT_MS = 250;

interface Step {
  connections: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Every kind's requests of a run as one tally. */
function overall(load: Load): Tally {
  const all = new Tally();
  for (const tally of load.tallies.values()) {
    all.times.push(...tally.times);
    all.errors += tally.errors;
  }
  return all;
}

/** Steps up the connections against these nodes until one step breaks; every step measured. */
async function climb(run: (connections: number) => Promise<Load>): Promise<Step[]> {
  const steps: Step[] = [];
  for (const connections of STEPS) {
    const all = overall(await run(connections));
    const step = {
      connections,
      perSecond: all.times.length / STEP_S,
      p50: all.quantile(0.5),
      p99: all.quantile(0.99),
      errors: all.errors,
    };
    steps.push(step);
    if (step.p99 > P99_LIMIT_MS || step.errors) break;
  }
  return steps;
}

function report(title: string, steps: Step[]): string[] {
  const held = steps.filter((s) => s.p99 <= P99_LIMIT_MS && !s.errors);
  const knee = held.at(-1);
  const lines = [
    `\n${title}`,
    `${'connections'.padStart(11)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ` +
      `${'p99'.padStart(6)} ${'errors'.padStart(7)}`,
  ];
  for (const s of steps)
    lines.push(
      `${String(s.connections).padStart(11)} ${s.perSecond.toFixed(1).padStart(7)} ` +
        `${s.p50.toFixed(0).padStart(6)} ${s.p99.toFixed(0).padStart(6)} ` +
        `${String(s.errors).padStart(7)}`,
    );
  lines.push(
    knee
      ? `knee: ${knee.perSecond.toFixed(0)} req/s at ${knee.connections} connections ` +
          `(p99 ${knee.p99.toFixed(0)} ms)` +
          `${held.length === steps.length ? `, still holding at the last step` : ''}`
      : `knee: below 1 connection (p99 ${steps[0].p99.toFixed(0)} ms, ${steps[0].errors} errors)`,
  );
  return lines;
}

export async function kneeBench(): Promise<void> {
  const cluster = await startMixCluster();
  if (!cluster) {
    process.stdout.write('\nKnee: skipped (no redis-server on this machine)\n');
    return;
  }
  const { urls, ids, fans } = cluster;
  try {
    const loadBefore = os.loadavg()[0];
    const runOn = (nodes: string[]) => async (connections: number) => {
      const load = new Load(nodes, ids, fans);
      await load.run(STEP_S, 0, connections);
      return load;
    };
    const one = await climb(runOn(urls.slice(0, 1)));
    const two = await climb(runOn(urls));
    const lines = [
      `\nKnee: the mix's reads, ${STEP_S} s per step, until p99 > ${P99_LIMIT_MS} ms ` +
        `or an error; MariaDB, Redis, demo + 2,000 artists / 20,000 tracks, ` +
        `${os.cpus().length} cores shared with the load generator, load ` +
        `${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
      ...report('One node', one),
      ...report('Two nodes (round robin)', two),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await cluster.stop();
  }
}
