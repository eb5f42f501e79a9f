import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../api/test/server.ts';
import { backoffMs, claim, complete, enqueue } from '../../api/jobs/queue.ts';
import { withDeadLetter } from '../../api/jobs/handler.ts';
import { createRunner } from '../runner.ts';

// The queue's promises on both databases: one holder at a time, a dead worker's job taken over
// after its lease, retries with backoff, dead letters after the last attempt.

describe('media worker: job queue', function () {
  let server: TestServer;
  let offset = 0;
  const now = () => new Date(Date.UTC(2026, 2, 10, 12) + offset);
  const at = () => now().getTime();

  before(async () => {
    server = await startTestServer({ now, plugins: ['accounts'] });
  });
  after(() => server.stop());
  beforeEach(async () => {
    offset = 0;
    await server.app.kernel.knex('jobs').delete();
  });

  const jobRow = async (type: string) => server.app.kernel.knex('jobs').where({ type }).first();

  it('takes jobs from plugins through kernel.jobs, dated on the kernel clock, once per unique key', async () => {
    const { knex, jobs } = server.app.kernel;
    offset = 5_000;
    await knex.transaction((trx) => jobs.enqueue(trx, 'test.kernel', { n: 2 }, { uniqueKey: 'test.kernel:2' }));
    await jobs.enqueue(knex, 'test.kernel', { n: 3 }, { uniqueKey: 'test.kernel:2' });
    const rows = await knex('jobs').where({ type: 'test.kernel' });
    expect(rows).to.have.length(1);
    expect([Number(rows[0].createdAt), Number(rows[0].runAt), JSON.parse(rows[0].payload).n]).to.deep.equal([
      at(),
      at(),
      2,
    ]);
  });

  it('gives a job to one claimant at a time and to nobody before it is due', async () => {
    const { knex } = server.app.kernel;
    await enqueue(knex, 'test.later', { n: 1 }, at(), { runAt: at() + 60_000 });
    expect(await claim(knex, ['test.later'], 'a', at(), 30_000)).to.equal(null);
    offset = 60_000;
    const claims = await Promise.all(['a', 'b', 'c'].map((token) => claim(knex, ['test.later'], token, at(), 30_000)));
    const winners = claims.filter(Boolean);
    expect(winners).to.have.length(1);
    expect(winners[0]!.payload).to.deep.equal({ n: 1 });
  });

  it('takes over the job of a worker that died once its lease has passed, and runs it to the end once', async () => {
    const { knex } = server.app.kernel;
    let runs = 0;
    await enqueue(knex, 'test.crash', { id: 7 }, at());
    // Worker A claims the job and dies (never completes, never renews).
    const dead = await claim(knex, ['test.crash'], 'worker-a', at(), 60_000);
    expect(dead).to.not.equal(null);
    const runner = createRunner(server.app.kernel, { 'test.crash': async () => void runs++ }, { leaseMs: 60_000 });
    offset = 30_000;
    expect(await runner.runOnce(), 'lease still held').to.equal(null);
    offset = 61_000;
    const taken = await runner.runOnce();
    expect(taken?.outcome).to.equal('done');
    expect(runs).to.equal(1);
    const row = await jobRow('test.crash');
    expect(row).to.include({ status: 'done', attempts: 2 });
    // The dead worker cannot finish a job it lost.
    expect(await complete(knex, dead!, at())).to.equal(false);
    expect(await runner.runOnce()).to.equal(null);
  });

  it('retries a failing job with backoff and parks it as dead after the last attempt', async () => {
    const { knex } = server.app.kernel;
    await enqueue(knex, 'test.flaky', { n: 7 }, at(), { maxAttempts: 3 });
    const deadLetters: unknown[] = [];
    const runner = createRunner(server.app.kernel, {
      'test.flaky': withDeadLetter(
        async () => {
          throw new Error('disk full');
        },
        async (payload) => void deadLetters.push(payload),
      ),
    });
    expect((await runner.runOnce())?.outcome).to.equal('retry');
    let row = await jobRow('test.flaky');
    expect(row).to.include({ status: 'queued', attempts: 1, lastError: 'disk full' });
    expect(Number(row.runAt)).to.equal(at() + backoffMs(1));
    expect(await runner.runOnce(), 'not before the backoff').to.equal(null);
    offset += backoffMs(1);
    expect((await runner.runOnce())?.outcome).to.equal('retry');
    expect(deadLetters, 'no dead-letter hook while retries are left').to.deep.equal([]);
    offset += backoffMs(2);
    expect((await runner.runOnce())?.outcome).to.equal('dead');
    expect(deadLetters, 'the hook runs once, with the payload').to.deep.equal([{ n: 7 }]);
    row = await jobRow('test.flaky');
    expect(row).to.include({ status: 'dead', attempts: 3 });
    offset += backoffMs(5);
    expect(await runner.runOnce()).to.equal(null);
  });

  it('renews the lease while a long job runs, so nobody else takes it', async () => {
    const { knex } = server.app.kernel;
    await enqueue(knex, 'test.slow', {}, at());
    let release!: () => void;
    const runner = createRunner(
      server.app.kernel,
      { 'test.slow': () => new Promise<void>((resolve) => (release = resolve)) },
      { leaseMs: 300 },
    );
    const running = runner.runOnce();
    await new Promise((r) => setTimeout(r, 50));
    const first = Number((await jobRow('test.slow')).leaseUntil);
    await new Promise((r) => setTimeout(r, 250));
    offset = 200;
    await new Promise((r) => setTimeout(r, 150));
    expect(Number((await jobRow('test.slow')).leaseUntil)).to.be.greaterThan(first);
    expect(await claim(knex, ['test.slow'], 'intruder', at(), 300)).to.equal(null);
    release();
    expect((await running)?.outcome).to.equal('done');
  });

  it(
    'invalidates what a finished job announced, nothing when it announced no ' +
      'change, everything when it said nothing',
    async () => {
      const { kernel } = server.app;
      const { knex } = kernel;
      const runner = createRunner(kernel, {
        'test.tagged': async () => kernel.cache.changed(['user:5']),
        'test.unchanged': async () => kernel.cache.changed([]),
        'test.silent': async () => {},
      });
      const told: string[][] = [];
      const unsubscribe = kernel.cache.subscribe((tags) => told.push([...tags]));
      try {
        for (const type of ['test.tagged', 'test.unchanged', 'test.silent']) {
          await enqueue(knex, type, {}, at());
          expect((await runner.runOnce())?.outcome).to.equal('done');
        }
      } finally {
        unsubscribe();
      }
      expect(told).to.deep.equal([['user:5'], ['*']]);
    },
  );

  it('gives the jobs still in hand back to the queue when it stops, for another worker at once', async () => {
    const { kernel } = server.app;
    const { knex } = kernel;
    let finish!: () => void;
    const stuck = new Promise<void>((resolve) => (finish = resolve));
    await enqueue(knex, 'test.stuck', {}, at());
    const stopping = createRunner(kernel, { 'test.stuck': () => stuck }, { idleMs: 20 });
    stopping.start();
    try {
      for (let i = 0; i < 200 && (await jobRow('test.stuck')).status !== 'running'; i++)
        await new Promise((r) => setTimeout(r, 10));
      await stopping.stop(50);
      expect(await jobRow('test.stuck')).to.include({ status: 'queued', attempts: 0, lockedBy: null });
      const taker = createRunner(kernel, { 'test.stuck': async () => {} });
      expect((await taker.runOnce())?.outcome).to.equal('done');
    } finally {
      finish();
    }
    expect(await jobRow('test.stuck')).to.include({ status: 'done', attempts: 1 });
  });
});
