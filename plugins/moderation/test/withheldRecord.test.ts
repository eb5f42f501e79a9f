import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import { APPEAL_WINDOW_DAYS } from '../rules.ts';

// Issue 44 point 9: a takedown under appeal (or still in its appeal window) leaves the artist's drop
// record as it was, the month shown as withheld; a rejected appeal, or none in the window, changes it.

const DAY = 86_400_000;

describe('a takedown and the artist’s drop record', () => {
  let server: TestServer;
  let offset = 0;
  const now = () => new Date(Date.UTC(2026, 11, 10, 12) + offset);
  let admin: SignedUp;

  before(async () => {
    server = await startTestServer({ now });
    admin = await signUp(server, 'warden', { role: 'admin' });
  });
  after(() => server.stop());

  /** An artist with monthly drops on the 5th of September, October and November. */
  async function artistWithDrops(username: string) {
    const artist = await signUp(server, username, { artist: true });
    const ids: number[] = [];
    for (const month of [8, 9, 10])
      ids.push(await addTrack(artist.artist!.id, `${username} ${month}`, new Date(Date.UTC(2026, month, 5, 12))));
    return { artist, november: ids[2] };
  }
  const record = async (artist: SignedUp) => {
    const res = await server.client().get(`/api/artists/${artist.artist!.id}`);
    expect(res.status, res.text).to.equal(200);
    const state = res.body.dropRecord.recent.find((m: { month: string }) => m.month === '2026-11').state;
    const { streak, missed, withheld } = res.body.dropRecord;
    return { dropCount: res.body.dropCount, streak, missed, withheld, november: state };
  };
  const act = (trackId: number, action: string) =>
    admin.client.post(`/api/moderation/items/track/${trackId}/actions`, { action, reason: 'Copyright' });

  it('keeps the record while the appeal is open, November withheld; a rejected appeal then counts it', async () => {
    const { artist, november } = await artistWithDrops('appealer');
    const before = { dropCount: 3, streak: 3, missed: 0, withheld: 0, november: 'dropped' };
    expect(await record(artist)).to.deep.equal(before);
    expect((await act(november, 'hide')).status).to.equal(200);
    const withheld = { ...before, withheld: 1, november: 'withheld' };
    expect(await record(artist)).to.deep.equal(withheld);
    const appealed = await artist.client.post(`/api/appeals/${november}`, {
      message: 'I wrote it',
      name: 'Ada',
      email: 'ada@example.com',
      goodFaith: true,
    });
    expect(appealed.status, appealed.text).to.equal(201);
    // Past the window: an open appeal still holds the record until a moderator decides.
    offset = (APPEAL_WINDOW_DAYS + 2) * DAY;
    expect(await record(artist)).to.deep.equal(withheld);
    expect((await act(november, 'dismiss')).status).to.equal(200);
    expect(await record(artist)).to.deep.equal({ dropCount: 2, streak: 0, missed: 1, withheld: 0, november: 'missed' });
  });

  it('counts a takedown nobody appealed once its appeal window is over; a restore puts the drop back', async () => {
    offset = 0;
    const { artist, november } = await artistWithDrops('silent');
    expect((await act(november, 'hide')).status).to.equal(200);
    offset = (APPEAL_WINDOW_DAYS - 1) * DAY;
    expect((await record(artist)).november).to.equal('withheld');
    offset = (APPEAL_WINDOW_DAYS + 1) * DAY;
    expect(await record(artist)).to.deep.equal({ dropCount: 2, streak: 0, missed: 1, withheld: 0, november: 'missed' });
    expect((await act(november, 'restore')).status).to.equal(200);
    expect(await record(artist)).to.deep.include({ dropCount: 3, streak: 3, november: 'dropped' });
  });
});
