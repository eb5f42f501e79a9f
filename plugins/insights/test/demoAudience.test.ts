import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { addTrack, join } from '../../catalog/test/fixtures.ts';
import { MIN_LISTENERS } from '../rules.ts';
import { demoAudience } from '../seed.ts';

// The demo's listening history (issue 44 point 7): 90 days of it, with enough listeners a day that
// the dashboard's figures show instead of "fewer than 5", and the same on every start.
describe('insights: the demo audience', function () {
  this.timeout(60_000);
  let server: TestServer;
  const clock = new Date('2026-12-01T12:00:00Z');
  before(async () => {
    server = await startTestServer({ now: () => clock });
    const nova = await join(server, 'novaharbor', true);
    for (const month of ['2026-08-03', '2026-09-03', '2026-10-03'])
      await addTrack(nova.artist!.id, `Drop ${month}`, new Date(`${month}T00:00:00Z`));
  });
  after(() => server.stop());

  it('spans the last 90 days with enough listeners a day for the figures to show, deterministically', async () => {
    const events = await demoAudience(server.app.kernel);
    const days = new Map<string, Set<string>>();
    for (const e of events.filter((e) => e.event === 'start')) {
      if (!days.has(e.day)) days.set(e.day, new Set());
      days.get(e.day)!.add(e.listener);
    }
    expect(days.size).to.equal(90);
    const shown = [...days.values()].filter((listeners) => listeners.size >= MIN_LISTENERS).length;
    expect(shown, 'days whose listener figure shows').to.be.greaterThan(60);
    expect(new Set(events.map((e) => e.event))).to.deep.equal(new Set(['start', 'thirty', 'complete', 'skip']));
    expect((await demoAudience(server.app.kernel)).length).to.equal(events.length);
    await server.app.kernel.knex.batchInsert('play_events', events, 500);
  });
});
