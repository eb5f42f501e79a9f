import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp } from '../../accounts/test/fixtures.ts';
import { addTrack, queriesDuring } from '../../catalog/test/fixtures.ts';
import { createEventWriter, MAX_BATCH, writeEvents, writersOf, type PlayRow } from '../eventWriter.ts';
import type { PlayEvent } from '../rules.ts';

// Group commit of play events (issue 21.4) on this test's database: many reports in one statement,
// each still told whether it counted, by the same rules as one at a time.

describe('insights: play events written in groups', function () {
  this.timeout(60_000);
  let server: TestServer;
  let artistId: number;
  let trackId: number;
  const day = '2026-11-10';
  const at = Date.parse(`${day}T10:00:00Z`);
  const window = Math.floor(at / 1_800_000);

  before(async () => {
    server = await startTestServer();
    artistId = (await signUp(server, 'nova', { artist: true })).artist!.id;
    trackId = await addTrack(artistId, 'Drop', new Date('2026-11-01T00:00:00Z'));
  });
  after(() => server.stop());

  const knex = () => server.app.kernel.knex;
  const row = (listener: string, event: PlayEvent, over: Partial<PlayRow> = {}): PlayRow => ({
    trackId,
    artistId,
    event,
    source: 'home',
    listener,
    day,
    playWindow: window,
    at,
    ...over,
  });
  const stored = async (listener: string) =>
    (await knex()('play_events').where({ listener }).orderBy('event')).map((r) => r.event);

  it(
    'counts a batch by the one-at-a-time rules: first of a key, non-starts after a ' +
      'start (earlier or in the batch)',
    async () => {
      await writeEvents(knex(), [row('a'.repeat(32), 'start')]);
      const batch = [
        row('a'.repeat(32), 'thirty'), // its start was stored before
        row('b'.repeat(32), 'start'),
        row('b'.repeat(32), 'thirty'), // its start is in this batch
        row('b'.repeat(32), 'start'), // the same key twice: the first counts
        row('c'.repeat(32), 'complete'), // no start that day
        row('a'.repeat(32), 'start'), // already stored in this window
        row('a'.repeat(32), 'start', { playWindow: window + 1, at: at + 1_800_000 }), // the next window
      ];
      const statements = await queriesDuring(knex(), async () => {
        expect(await writeEvents(knex(), batch)).to.deep.equal([true, true, true, false, false, false, true]);
      });
      expect(statements, 'one read of starts, one insert').to.equal(2);
      expect(await stored('a'.repeat(32))).to.deep.equal(['start', 'start', 'thirty']);
      expect(await stored('b'.repeat(32))).to.deep.equal(['start', 'thirty']);
      expect(await stored('c'.repeat(32))).to.deep.equal([]);
    },
  );

  it('writes reports that arrive together in few statements, each caller told its own answer', async () => {
    const writer = createEventWriter(knex());
    const listeners = Array.from({ length: 60 }, (_, i) => `d${String(i).padStart(31, '0')}`);
    let answers: boolean[] = [];
    const statements = await queriesDuring(knex(), async () => {
      answers = await Promise.all(
        listeners.flatMap((l) => [writer.write(row(l, 'start')), writer.write(row(l, 'start'))]),
      );
    });
    expect(answers.filter(Boolean)).to.have.length(60);
    expect(answers.filter((_, i) => i % 2 === 0).every(Boolean), 'the first report of each listener').to.equal(true);
    // The first report goes alone; all that came meanwhile go in the next statement.
    expect(statements).to.be.at.most(3);
    expect(Number((await knex()('play_events').where('listener', 'like', 'd%').count({ n: '*' }))[0].n)).to.equal(60);
  });

  it('gathers for a moment after a write of several, so reports a little apart share a statement', async () => {
    // One writer at a time, so that what is seen is the gathering alone.
    const writer = createEventWriter(knex(), 1);
    const listener = (i: number) => `j${String(i).padStart(31, '0')}`;
    await Promise.all([1, 2, 3].map((i) => writer.write(row(listener(i), 'start'))));
    const statements = await queriesDuring(knex(), async () => {
      const first = writer.write(row(listener(4), 'start'));
      // A turn of the event loop later (a player answered by the last write, a little behind the others),
      // always inside the writer's GATHER_MS: a timer here (half of it) sometimes fired after the writer's
      // on a loaded machine, as Node dates each timer when it is set and the two could fall a millisecond apart.
      await new Promise((resolve) => setImmediate(resolve));
      expect(await Promise.all([first, writer.write(row(listener(5), 'start'))])).to.deep.equal([true, true]);
    });
    expect(statements).to.equal(1);
  });

  it(
    'has a second write gather while the first commits on MariaDB (its commits ' + 'share a disk flush), one on SQLite',
    async () => {
      const writer = createEventWriter(knex());
      let open = 0;
      let most = 0;
      const sent = () => (most = Math.max(most, ++open));
      const answered = () => open--;
      knex().on('query', sent).on('query-response', answered);
      try {
        const first = writer.write(row('k'.repeat(32), 'start'));
        await new Promise((resolve) => setImmediate(resolve));
        await Promise.all([
          first,
          ...[1, 2, 3].map((i) => writer.write(row(`k${String(i).padStart(31, '0')}`, 'start'))),
        ]);
      } finally {
        knex().off('query', sent).off('query-response', answered);
      }
      expect(most).to.equal(writersOf(knex()));
    },
  );

  it('splits a queue longer than one statement takes', async () => {
    const writer = createEventWriter(knex());
    const answers = await Promise.all(
      Array.from({ length: MAX_BATCH + 10 }, (_, i) => writer.write(row(`e${String(i).padStart(31, '0')}`, 'start'))),
    );
    expect(answers.every(Boolean)).to.equal(true);
  });

  it('does not fail the other reports of a group when one row cannot be written', async () => {
    const writer = createEventWriter(knex());
    // A track that does not exist (deleted meanwhile): MariaDB's INSERT IGNORE skips the row, SQLite refuses the
    // statement.
    const results = await Promise.allSettled([
      writer.write(row('f'.repeat(32), 'start')),
      writer.write(row('g'.repeat(32), 'start')),
      writer.write(row('h'.repeat(32), 'start', { trackId: 999_999 })),
      writer.write(row('i'.repeat(32), 'start')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).to.satisfy(
      (v: unknown[]) => v[0] === true && v[1] === true && v[2] !== true && v[3] === true,
    );
  });
});
