import { expect } from 'chai';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { createKernel } from '../app.ts';
import type { Config } from '../config.ts';
import type { Kernel } from '../plugins/types.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startRedis, waitFor } from './processes.ts';
import { testConfig } from './server.ts';

// kernel.limits and kernel.cache as several nodes see them: two kernels (two database pools, two
// Redis connections) over one database, as two app processes would be. Redis is a redis-server
// of this test's own, which it stops and restarts.

const uniquePrefix = () => `onetrack-test-${randomBytes(4).toString('hex')}:`;

async function kernelsOn(db: TestDatabase, overrides: Partial<Config> = {}): Promise<[Kernel, Kernel]> {
  const first = await createKernel({ config: testConfig(db, overrides), plugins: [] });
  const second = await createKernel({ config: testConfig(db, overrides), plugins: [] });
  return [first.kernel, second.kernel];
}

function limitsBehaveAcrossNodes(nodes: () => [Kernel, Kernel]) {
  it('counts one limit across nodes', async () => {
    const [a, b] = nodes();
    const onA = a.limits.create('shared-test', { points: 5, windowMs: 60_000 });
    const onB = b.limits.create('shared-test', { points: 5, windowMs: 60_000 });
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await (i % 2 ? onB : onA).take('alice'));
    expect(waits.slice(0, 5)).to.deep.equal([0, 0, 0, 0, 0]);
    expect(waits[5]).to.be.within(1, 60);
    expect(await onA.take('bob'), 'another key has its own count').to.equal(0);
  });

  it('lets exactly the limit through when attempts arrive at the same moment on both nodes', async () => {
    const [a, b] = nodes();
    const limiters = [a, b].map((k) => k.limits.create('burst-test', { points: 5, windowMs: 60_000 }));
    const waits = await Promise.all(Array.from({ length: 20 }, (_, i) => limiters[i % 2].take('carol')));
    expect(waits.filter((w) => w === 0)).to.have.length(5);
  });

  it(
    'spends amounts (a quota) across nodes: one that does not fit is refused ' +
      'whole, costs nothing and says what is left',
    async () => {
      const [a, b] = nodes();
      const onA = a.limits.create('quota-test', { points: 100, windowMs: 60_000 });
      const onB = b.limits.create('quota-test', { points: 100, windowMs: 60_000 });
      expect(await onA.spend('erin', 60)).to.deep.equal({ wait: 0, left: 40 });
      const refused = await onB.spend('erin', 50);
      expect(refused.left).to.equal(40);
      expect(refused.wait).to.be.within(1, 60);
      expect(await onB.spend('erin', 40), 'the refusal took nothing').to.deep.equal({ wait: 0, left: 0 });
      expect((await onA.spend('erin', 1)).wait).to.be.greaterThan(0);
    },
  );

  it('gives points back, forgets a key, and opens again when the window ends', async () => {
    const [a, b] = nodes();
    const onA = a.limits.create('window-test', { points: 2, windowMs: 1000 });
    const onB = b.limits.create('window-test', { points: 2, windowMs: 1000 });
    expect([await onA.take('dan'), await onB.take('dan')]).to.deep.equal([0, 0]);
    expect(await onA.take('dan')).to.be.greaterThan(0);
    await onB.reset('dan');
    expect(await onA.take('dan')).to.equal(0);
    await onA.giveBack('dan');
    expect([await onB.take('dan'), await onB.take('dan')], 'the point given back is free again').to.deep.equal([0, 0]);
    expect(await onA.take('dan')).to.be.greaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await onA.take('dan')).to.equal(0);
  });
}

describe('kernel.limits in the database (no Redis): shared by every node', () => {
  let db: TestDatabase;
  let kernels: [Kernel, Kernel];
  before(async () => {
    db = await createTestDatabase();
    kernels = await kernelsOn(db);
  });
  after(async () => {
    await Promise.all(kernels.map((k) => k.close()));
    await db.drop();
  });
  limitsBehaveAcrossNodes(() => kernels);
});

describe('kernel.limits and kernel.cache on Redis', () => {
  let db: TestDatabase;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let kernels: [Kernel, Kernel];
  before(async () => {
    db = await createTestDatabase();
    redis = await startRedis();
    kernels = await kernelsOn(db, { redis: { url: redis.url, prefix: uniquePrefix() } });
    await waitFor(
      'both nodes on Redis',
      () => (kernels.every((k) => k.cache.version() !== null) ? true : undefined),
      10_000,
    );
  });
  after(async () => {
    await Promise.all(kernels.map((k) => k.close()));
    await redis.stop();
    await db.drop();
  });

  limitsBehaveAcrossNodes(() => kernels);

  it('tells the other node of an invalidation within milliseconds, and both agree on the version', async () => {
    const [a, b] = kernels;
    let heardAt = 0;
    const unsubscribe = b.cache.subscribe(() => (heardAt ||= performance.now()));
    const sentAt = performance.now();
    await a.cache.invalidate();
    await waitFor('B to hear it', () => (heardAt ? true : undefined), 1000, 1);
    unsubscribe();
    expect(heardAt - sentAt).to.be.lessThan(1000);
    await waitFor('the same version', () => (a.cache.version() === b.cache.version() ? true : undefined), 1000, 5);
    expect(a.cache.status()).to.deep.equal({ shared: 'redis', redis: 'up' });
  });

  it('tells the other node only the tags of an invalidation, and keeps the version for them', async () => {
    const [a, b] = kernels;
    const told: string[][] = [];
    const unsubscribe = b.cache.subscribe((tags) => told.push([...tags]));
    const version = b.cache.version();
    await a.cache.invalidate(['user:7', 'track:3']);
    await a.cache.invalidate([]);
    await waitFor('B to hear it', () => (told.length ? true : undefined), 1000, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    unsubscribe();
    expect(told).to.deep.equal([['user:7', 'track:3']]);
    expect(b.cache.version(), 'only EVERYTHING moves the version').to.equal(version);
  });

  it(
    'judges a thing made on the other node current until an invalidation of its ' +
      'tags numbered after it, its own even before Redis numbers it',
    async () => {
      const [a, b] = kernels;
      const heardOnB = async (work: () => Promise<unknown>) => {
        const heard = new Promise<void>((resolve) => {
          const unsubscribe = b.cache.subscribe(() => {
            unsubscribe();
            resolve();
          });
        });
        await work();
        await heard;
      };
      const made = a.cache.position()!;
      expect(made.seq).to.be.a('number');
      expect(b.cache.currentSince(made, ['track:41', 'user:41']), 'nothing since').to.equal(true);

      await heardOnB(() => a.cache.invalidate(['user:41']));
      expect(b.cache.currentSince(made, ['track:41', 'user:41']), 'B heard user:41 since').to.equal(false);
      expect(a.cache.currentSince(made, ['user:41']), 'and A numbered its own').to.equal(false);
      expect(b.cache.currentSince(made, ['track:41']), 'other tags stay current').to.equal(true);
      // A's position moves past its own invalidation once Redis's message of it comes back.
      const later = await waitFor(
        'a position after it',
        () => {
          const position = a.cache.position()!;
          return b.cache.currentSince(position, ['user:41']) ? position : undefined;
        },
        1000,
        1,
      );
      expect(later.seq).to.be.greaterThan(made.seq);

      // B's own write: its listeners have run, so from this moment a copy made before it is out of
      // date on B, even while Redis has not numbered the invalidation yet.
      const sent = b.cache.invalidate(['track:41']);
      expect(b.cache.currentSince(later, ['track:41']), 'before Redis numbers it').to.equal(false);
      await sent;
      expect(b.cache.currentSince(later, ['track:41'])).to.equal(false);
      await waitFor(
        'a position after it, once B has its number back',
        () => (b.cache.currentSince(b.cache.position()!, ['track:41']) ? true : undefined),
        1000,
        1,
      );

      await heardOnB(() => a.cache.invalidate());
      expect(b.cache.currentSince(later, ['track:99']), 'an invalidation of everything').to.equal(false);
      expect(b.cache.currentSince({ ...b.cache.position()!, epoch: 'another' }, []), 'another epoch').to.equal(false);
    },
  );

  it('applies a message heard in order at once, even while a catch-up of its own waits for Redis', async () => {
    const [a, b] = kernels;
    const told: string[][] = [];
    const unsubscribe = b.cache.subscribe((tags) => told.push([...tags]));
    try {
      // B's command connection is held for 600 ms, so the catch-up that caughtUp starts waits that long.
      const held = b.redis!.blpop(`${b.config.redis!.prefix}nothing`, 0.6);
      const waiting = b.cache.caughtUp(Number.MAX_SAFE_INTEGER, 1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const startedAt = performance.now();
      await a.cache.invalidate(['user:77']);
      await waitFor('B to hear it', () => (told.length ? true : undefined), 1000, 1);
      expect(performance.now() - startedAt, 'before the held connection answers').to.be.lessThan(300);
      expect(told).to.deep.equal([['user:77']]);
      await Promise.all([held, waiting]);
      expect(told, 'the catch-up after it finds nothing more').to.have.length(1);
    } finally {
      unsubscribe();
    }
  });

  it(
    'catches up with the tags of invalidations it did not hear, and drops ' +
      'everything when the log no longer holds them',
    async () => {
      const [, b] = kernels;
      const prefix = b.config.redis!.prefix;
      const raw = new Redis(redis.url);
      const told: string[][] = [];
      const unsubscribe = b.cache.subscribe((tags) => told.push([...tags]));
      try {
        // As a message lost on a reconnect: counted and logged, never published.
        const lost = await raw.incr(`${prefix}cache:seq`);
        await raw.zadd(`${prefix}cache:log`, lost, `${lost} user:41 content`);
        await waitFor('the heartbeat to catch up', () => (told.length ? true : undefined), 3000, 10);
        expect(told).to.deep.equal([['user:41', 'content']]);
        // Two missed, but the log holds only the second: what the first changed is unknown.
        await raw.incr(`${prefix}cache:seq`);
        const second = await raw.incr(`${prefix}cache:seq`);
        await raw.zadd(`${prefix}cache:log`, second, `${second} user:42`);
        await waitFor('the heartbeat to catch up', () => (told.length === 2 ? true : undefined), 3000, 10);
        expect(told[1]).to.deep.equal(['*']);
      } finally {
        unsubscribe();
        raw.disconnect();
      }
    },
  );

  it(
    'suspends caching while Redis is down, counts limits in the database ' + 'meanwhile, and recovers by itself',
    async function () {
      this.timeout(30_000);
      const [a, b] = kernels;
      const before = a.limits.create('outage-test', { points: 3, windowMs: 60_000 });
      expect(await before.take('erin')).to.equal(0);
      let told = 0;
      const unsubscribe = b.cache.subscribe(() => told++);
      await redis.stop();
      await waitFor(
        'both nodes to notice',
        () => (kernels.every((k) => k.cache.version() === null) ? true : undefined),
        5000,
      );
      expect(told, 'caches were told to drop what they hold').to.be.greaterThan(0);
      expect(b.cache.status()).to.deep.equal({ shared: 'redis', redis: 'down' });
      // The limit is still counted, across nodes, in the database.
      const onA = a.limits.create('outage-test', { points: 3, windowMs: 60_000 });
      const onB = b.limits.create('outage-test', { points: 3, windowMs: 60_000 });
      const waits = [
        await onA.take('frank'),
        await onB.take('frank'),
        await onA.take('frank'),
        await onB.take('frank'),
      ];
      expect(waits.slice(0, 3)).to.deep.equal([0, 0, 0]);
      expect(waits[3]).to.be.greaterThan(0);
      // An invalidation sent meanwhile is not lost: it is published once Redis is back.
      await a.cache.invalidate();

      await redis.restart();
      await waitFor(
        'both nodes back on Redis',
        () => (kernels.every((k) => k.cache.version() !== null) ? true : undefined),
        10_000,
      );
      // This Redis started empty (version 0): the owed invalidation made it 1, on both nodes.
      await waitFor(
        'the owed invalidation to arrive',
        () => (a.cache.version() === '1' && b.cache.version() === '1' ? true : undefined),
        3000,
      );
      unsubscribe();
      expect(b.cache.status()).to.deep.equal({ shared: 'redis', redis: 'up' });
    },
  );
});
