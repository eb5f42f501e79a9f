import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Config } from '../../../api/config.ts';
import { connectRedis } from '../../../api/redis.ts';
import { dayEnd } from '../days.ts';
import { createSalts } from '../salt.ts';

// The day's salt on a real Redis: what lets several nodes hash a visitor alike without a database row.
describe('insights: the daily salt shared through Redis', function () {
  this.timeout(20_000);
  const redisConfig = { url: 'redis://127.0.0.1:6379', prefix: `test-${randomBytes(6).toString('hex')}:` };
  const connections = [connectRedis(redisConfig, 'salt-a'), connectRedis(redisConfig, 'salt-b')];
  const node = (i: number) => createSalts({ redis: connections[i], config: { redis: redisConfig } as Config });
  before(() =>
    Promise.all(
      connections.map((c) => (c.status === 'ready' ? null : new Promise((resolve) => c.once('ready', resolve)))),
    ),
  );
  after(async () => {
    const keys = await connections[0].keys(`${redisConfig.prefix}*`);
    if (keys.length) await connections[0].del(...keys);
    for (const c of connections) c.disconnect();
  });

  it("gives two nodes the same hash for a visitor on a day, and lets the salt expire at the day's end", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const [a, b] = [node(0), node(1)];
    const who = 'visitor:203.0.113.9|Firefox';
    const onA = await a.listener(day, dayEnd(day), who);
    expect(await b.listener(day, dayEnd(day), who)).to.equal(onA);
    expect(await b.listener(day, dayEnd(day), 'visitor:203.0.113.10|Firefox')).not.to.equal(onA);
    const ttl = await connections[0].pttl(`${redisConfig.prefix}insights:salt:${day}`);
    expect(ttl).to.be.within(1, dayEnd(day) - Date.now() + 1000);
    // A process with no Redis has its own random salt: the same visitor hashes differently there.
    expect(
      await createSalts({ redis: null, config: { redis: null } as unknown as Config }).listener(day, dayEnd(day), who),
    ).not.to.equal(onA);
  });
});
