// What each kind of request costs the app nodes, in CPU (issue 25: on a saturated machine throughput
// is CPU, so a request's CPU is what a change to it moves; a phase's throughput moves with the
// machine's speed more than with the change). On the mix's cluster (two nodes, MariaDB, Redis, the
// large catalog), each kind in turn: requests to one node, two at a time, and the CPU both nodes,
// MariaDB and Redis used meanwhile from /proc, with MariaDB's own count of the queries it answered.
// Renders are of pages no node keeps yet (a query string of their own), as the catalog's long tail
// and a member's pages after their write are. Writes are the mix's, each by a fan picked at random,
// measured until the nodes have also rendered ahead what they put out (a write's whole cost).
// Run alone with `node bench/bench.ts costs`.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import knexFactory from 'knex';
import { mysqlServer } from './http.ts';
import { cpuByRole, usedBetween, type Role } from './processCpu.ts';
import { exchange, pick, startMixCluster, WRITES, type MixCluster } from './mix.ts';

const HITS = 3000;
const RENDERS = 400;
const WRITES_EACH = 200;
/** After a kind of write, time for the renders ahead its invalidations set off (at most two at once per node). */
const WRITE_SETTLE_MS = 3000;

interface Request {
  path: string;
  cookie?: string;
  method?: string;
  body?: unknown;
}

/** One request as the mix sends it; resolves with the page cache's word on it (or the status). */
async function send(url: string, { cookie, method = 'GET', body }: Omit<Request, 'path'>): Promise<string> {
  const headers: Record<string, string> = {
    'accept-encoding': 'br',
    ...(cookie ? { cookie } : {}),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  const { status, cache } = await exchange(url, method, headers, body ? JSON.stringify(body) : undefined);
  return cache ?? String(status);
}

type Kind = [name: string, count: number, request: (n: number) => Request];

function kinds({ ids, fans }: MixCluster): Kind[] {
  const fan = () => pick(fans).cookie;
  return [
    ['hit: anonymous page /artist/:id', HITS, () => ({ path: `/artist/${ids.artists[0]}` })],
    ['hit: signed-in page /', HITS, () => ({ path: '/', cookie: fans[0].cookie })],
    ['hit: API read /api/tracks/monthly', HITS, () => ({ path: '/api/tracks/monthly' })],
    ['render: anonymous /artist/:id', RENDERS, (n) => ({ path: `/artist/${pick(ids.artists)}?cost=${n}` })],
    ['render: anonymous /tracks/:id', RENDERS, (n) => ({ path: `/tracks/${pick(ids.tracks)}?cost=${n}` })],
    ['render: signed-in /', RENDERS, (n) => ({ path: `/?cost=${n}`, cookie: fan() })],
    ['render: signed-in /credits (vault)', RENDERS, (n) => ({ path: `/credits?cost=${n}`, cookie: fan() })],
    ['render: signed-in /messages', RENDERS, (n) => ({ path: `/messages?cost=${n}`, cookie: fan() })],
    ['render: a 404 (reads nothing)', RENDERS, (n) => ({ path: `/no-such-page-${n}` })],
    ['miss: API read /api/tracks/:id', RENDERS, (n) => ({ path: `/api/tracks/${pick(ids.tracks)}?cost=${n}` })],
    ...WRITES.map((write): Kind => [
      `write: ${write.name}`,
      WRITES_EACH,
      () => {
        const by = pick(fans);
        const { path, method, body } = write.request(ids, by, fans);
        return { path, method, body, cookie: by.cookie };
      },
    ]),
  ];
}

export async function costsBench(): Promise<void> {
  const cluster = await startMixCluster();
  if (!cluster) {
    process.stdout.write('\nRequest costs: skipped (no redis-server on this machine)\n');
    return;
  }
  const knex = knexFactory({ client: 'mysql2', connection: mysqlServer(os.tmpdir()).login });
  const questions = async () => Number((await knex.raw("show global status like 'Questions'"))[0][0].Value);
  const lines = [
    `\nRequest costs: CPU per request of each kind on the mix's two nodes ` +
      `(MariaDB, Redis, 20,000 tracks), sent to one node two at a time`,
    `${'kind'.padEnd(38)} ${'app ms'.padStart(7)} ${'MariaDB ms'.padStart(11)} ${'queries'.padStart(8)}  answers`,
  ];
  try {
    const base = cluster.urls[0];
    let n = 0;
    for (const [name, count, request] of kinds(cluster)) {
      // A few first, unmeasured: the kind's code warm, its one cached page kept.
      for (let i = 0; i < 20; i++) {
        const { path, ...rest } = request(n++);
        await send(base + path, rest);
      }
      const asked = await questions();
      const before = cpuByRole();
      const answers = new Map<string, number>();
      await Promise.all(
        [0, 1].map(async () => {
          for (let i = 0; i < count / 2; i++) {
            const { path, ...rest } = request(n++);
            const answer = await send(base + path, rest);
            answers.set(answer, (answers.get(answer) ?? 0) + 1);
          }
        }),
      );
      if (name.startsWith('write:')) await sleep(WRITE_SETTLE_MS);
      const after = cpuByRole();
      // Less this bench's own question.
      const queries = (await questions()) - asked - 1;
      const used = before && after ? usedBetween(before, after) : new Map<Role, number>();
      const ms = (role: Role) => ((used.get(role) ?? 0) * 1000) / count;
      lines.push(
        `${name.padEnd(38)} ${ms('app nodes').toFixed(2).padStart(7)} ` +
          `${ms('MariaDB').toFixed(2).padStart(11)} ` +
          `${(queries / count).toFixed(1).padStart(8)}  ` +
          [...answers].map(([answer, times]) => `${answer} ${times}`).join(', '),
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await knex.destroy();
    await cluster.stop();
  }
}
