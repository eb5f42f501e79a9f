import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { join, type Member } from '../../catalog/test/fixtures.ts';
import { JOB } from '../jobs.ts';
import { PRESAVE_MESSAGES, WITHDRAW_MESSAGES } from '../rules.ts';
import { releaseForm, uploadAudio } from './fixtures.ts';

// Pre-save of a scheduled release (issue 26 point 3): the "coming on" page's button, refused when it
// cannot apply, and landing in the fan's collection with a notification at the release's moment.
describe('releases: pre-save', function () {
  this.timeout(60_000);
  let server: TestServer;
  let clock = new Date('2026-11-26T12:00:00Z');
  let nova: Member;
  let fan: Member;
  let other: Member;
  let scheduled: number;
  let noPresave: number;

  const release = async (overrides: Record<string, unknown>) => {
    const audio = await uploadAudio(nova.client);
    const res = await nova.client.post(
      '/api/tracks',
      releaseForm(audio.url, null, { isMonthlyDrop: false, ...overrides }),
    );
    expect(res.status, res.text).to.equal(201);
    return Number(res.body.id);
  };
  const knex = () => server.app.kernel.knex;

  before(async () => {
    server = await startTestServer({ now: () => clock, pages: true });
    nova = await join(server, 'novaharbor', true);
    fan = await join(server, 'listener');
    other = await join(server, 'other');
    scheduled = await release({
      title: 'December Tide',
      releaseASAP: false,
      releaseDate: '2026-12-03T00:00:00.000Z',
      enablePreSave: true,
      midnightRelease: false,
    });
    noPresave = await release({
      title: 'Quiet Tide',
      releaseASAP: false,
      releaseDate: '2026-12-04T00:00:00.000Z',
      enablePreSave: false,
    });
  });
  after(() => server.stop());

  it('answers 401 before anything else, then refuses what cannot be pre-saved and writes nothing', async () => {
    for (const method of ['post', 'delete'] as const) {
      const res = await server.client()[method](`/api/tracks/${scheduled}/presave`);
      expect([res.status, res.body]).to.deep.equal([401, { message: PRESAVE_MESSAGES.login }]);
    }
    const cases: Array<[Member, number, number, string]> = [
      [fan, 999999, 404, 'Track not found'],
      [nova, scheduled, 403, PRESAVE_MESSAGES.own],
      [fan, noPresave, 409, PRESAVE_MESSAGES.off],
    ];
    for (const [member, id, status, message] of cases) {
      const res = await member.client.post(`/api/tracks/${id}/presave`);
      expect(res.status, `${id}: ${res.text}`).to.equal(status);
      expect(res.body.message).to.equal(message);
    }
    expect(await knex()('presaves').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
  });

  it('shows the coming page to fans (no audio) and the full page, marked as a preview, to its artist', async () => {
    const page = await server.client().get(`/tracks/${scheduled}`);
    expect(page.status).to.equal(200);
    expect(page.text)
      .to.include('Coming on')
      .and.include('December Tide')
      .and.include('data-countdown="2026-12-03T00:00:00.000Z"');
    const { audioUrl } = await knex()('tracks').where({ id: scheduled }).first('audioUrl');
    expect(page.text, 'no audio before the release')
      .to.not.match(/<button[^>]*data-play-track=/)
      .and.not.include(audioUrl);
    expect(page.text).to.include('Log in to pre-save');
    const own = await nova.client.get(`/tracks/${scheduled}`);
    expect(own.text)
      .to.include('data-testid="preview-note"')
      .and.match(/<button[^>]*data-play-track=/);
    expect((await nova.client.get(`/api/tracks/${scheduled}/media`)).status).to.equal(200);
    expect((await fan.client.get(`/api/tracks/${scheduled}/media`)).status).to.equal(404);
    expect((await fan.client.get(`/tracks/${noPresave}`)).text).to.include('data-testid="presave-off"');
  });

  it('cancels the pre-saves of an artist a fan unsubscribes from, and says so on the release page', async () => {
    const leaving = await join(server, 'leaving');
    const artistId = nova.artist!.id;
    expect((await leaving.client.post('/api/subscriptions', { artistId, active: true })).status).to.equal(201);
    expect((await leaving.client.post(`/api/tracks/${scheduled}/presave`)).status).to.equal(200);
    expect((await leaving.client.get(`/tracks/${scheduled}`)).text).to.include('aria-pressed="true"');
    const ended = await leaving.client.post('/api/subscriptions', { artistId, active: false });
    expect([ended.status, ended.body.active]).to.deep.equal([200, false]);
    expect(await knex()('presaves').where({ userId: leaving.user.id })).to.have.length(0);
    expect((await leaving.client.get(`/tracks/${scheduled}`)).text).to.include('aria-pressed="false"');
  });

  it('pre-saves once, can be withdrawn, and lands in the collection with a notification once out', async () => {
    for (let i = 0; i < 2; i++)
      expect((await fan.client.post(`/api/tracks/${scheduled}/presave`)).body).to.deep.equal({ presaved: true });
    expect((await other.client.post(`/api/tracks/${scheduled}/presave`)).status).to.equal(200);
    expect((await other.client.delete(`/api/tracks/${scheduled}/presave`)).body).to.deep.equal({ presaved: false });
    expect(await knex()('presaves').where({ trackId: scheduled }).select('userId')).to.deep.equal([
      { userId: fan.user.id },
    ]);

    const runner = createRunner(server.app.kernel, { [JOB.public]: jobHandlers(server.app.plugins)[JOB.public] });
    clock = new Date('2026-12-03T00:00:00Z');
    const heard: string[] = [];
    const unsubscribe = server.app.kernel.cache.subscribe((tags) => heard.push(...tags));
    try {
      expect(await runner.drain()).to.be.greaterThan(0);
    } finally {
      unsubscribe();
    }
    expect(heard, 'the fan’s views of their likes and of the track').to.include.members([
      `likes:${fan.user.id}`,
      `liked:${scheduled}:${fan.user.id}`,
    ]);
    // Twice (a retried job): one like, one notification.
    await server.app.kernel.services.releases.announcePublic(scheduled);
    const liked = await server.app.kernel.services.catalog.likedTracks({ id: fan.user.id, zone: 'UTC' });
    expect(liked.map((t) => t.id)).to.deep.equal([scheduled]);
    expect(await knex()('likes').where({ userId: other.user.id })).to.have.length(0);
    const told = (await fan.client.get('/api/notifications')).body.notifications as Array<{
      title: string;
      body: string;
      link: string;
    }>;
    expect(told.map((n) => [n.title, n.body, n.link])).to.deep.equal([
      [
        '“December Tide” is out',
        "You pre-saved it: novaharbor name's release is in your collection now.",
        `/tracks/${scheduled}`,
      ],
    ]);
    const late = await fan.client.post(`/api/tracks/${scheduled}/presave`);
    expect([late.status, late.body.message]).to.deep.equal([409, PRESAVE_MESSAGES.out]);
  });

  it('withdraws an own release before it is out, freeing its month; never another’s, nor one out', async () => {
    const january = { releaseASAP: false, releaseDate: '2027-01-05T00:00:00.000Z', isMonthlyDrop: true };
    const drop = await release({ title: 'January Tide', ...january });
    expect((await fan.client.delete(`/api/releases/${drop}`)).status, 'another’s').to.equal(404);
    const out = await nova.client.delete(`/api/releases/${scheduled}`);
    expect([out.status, out.body.message]).to.deep.equal([409, WITHDRAW_MESSAGES.out]);
    const done = await nova.client.delete(`/api/releases/${drop}`);
    expect([done.status, done.body.message]).to.deep.equal([200, WITHDRAW_MESSAGES.done]);
    expect(await knex()('tracks').where({ id: drop })).to.have.length(0);
    // January is free again for a monthly drop.
    await release({ title: 'January Tide, again', ...january });
  });
});
