import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { upgrade } from '../../credits/test/fixtures.ts';
import { releaseDrop, settlingRunner } from './fixtures.ts';

// Issue 44 point 8: a fan's statement of a month counts the credits pledges spent into it, before and
// after the drop lands (a pledge to next month's drop spends next month's credits).
describe('pledges: the statement of the month a pledge spends', function () {
  this.timeout(60_000);
  let server: TestServer;
  const clock = new Date('2026-11-05T10:00:00Z');
  let fan: SignedUp;
  let nova: SignedUp;

  before(async () => {
    server = await startTestServer({ now: () => clock });
    fan = await signUp(server, 'fanny');
    nova = await signUp(server, 'nova', { artist: true });
    await upgrade(fan);
  });
  after(() => server.stop());

  const statement = async (month: string) => {
    const res = await fan.client.get(`/api/credits/statements/fan?month=${month}`);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };
  const pledge = async (credits: number) => {
    const res = await fan.client.post('/api/pledges', { artistId: nova.artist!.id, credits });
    expect(res.status, res.text).to.equal(201);
  };

  it('shows pledged credits as pledged, not unallocated, and as given once the drop lands', async () => {
    await pledge(20);
    let s = await statement('2026-11');
    expect(s).to.include({ allocatedCredits: 0, pledgedCredits: 20, unallocatedCredits: 80 });
    await releaseDrop(nova, 'November');
    await settlingRunner(server).drain();
    s = await statement('2026-11');
    expect(s).to.include({ allocatedCredits: 20, pledgedCredits: 0, unallocatedCredits: 80 });
    expect(s.lines.map((l: { name: string; credits: number }) => [l.name, l.credits])).to.deep.equal([['Nova', 20]]);
  });

  it("counts a pledge to next month's drop in next month's statement", async () => {
    // November's drop is out, so Nova's next drop is December's: the pledge spends December's credits.
    await pledge(20);
    expect(await statement('2026-12')).to.include({ allocatedCredits: 0, pledgedCredits: 20, unallocatedCredits: 80 });
    expect(await statement('2026-11')).to.include({ allocatedCredits: 20, pledgedCredits: 0 });
  });
});
