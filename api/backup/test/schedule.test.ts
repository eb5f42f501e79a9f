import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signUp } from '../../../plugins/accounts/test/fixtures.ts';
import { uploadImage } from '../../../plugins/releases/test/fixtures.ts';
import type { Config } from '../../config.ts';
import { startSecondNode, startTestServer, type SecondNode, type TestServer } from '../../test/server.ts';
import { STALE_RUNNING_MS, startBackupSchedule, type BackupScheduler } from '../schedule.ts';
import { ARCHIVE_NAME } from '../store.ts';

describe('backup: BACKUP_SCHEDULE on two nodes, one backup per moment, BACKUP_KEEP', function () {
  this.timeout(120_000);
  let first: TestServer;
  let second: SecondNode;
  let clock = new Date('2026-12-01T02:59:00Z');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-scheduled-'));
  let schedulers: BackupScheduler[] = [];
  let config: Config;

  before(async () => {
    first = await startTestServer({ now: () => clock });
    second = await startSecondNode(first, false);
    const artist = await signUp(first, 'scheduled', { artist: true });
    await uploadImage(artist.client);
    config = {
      ...first.app.kernel.config,
      backup: { dir, s3: null, schedule: { everyMs: 3_600_000 }, keep: 2 },
    };
    restart();
  });
  /** Both nodes' schedulers as a start makes them (what a restart of every node does). */
  const restart = () => {
    for (const scheduler of schedulers) scheduler.stop();
    schedulers = [first.app, second.app].map((app) => startBackupSchedule({ ...app.kernel, config, now: () => clock }));
  };
  const runs = async () =>
    (await first.app.kernel.knex('backupRuns').orderBy('slot').select('slot', 'status', 'archive', 'node')).map(
      (r: { slot: number | string; status: string; archive: string | null; node: string }) => ({
        ...r,
        slot: new Date(Number(r.slot)).toISOString().slice(11, 16),
      }),
    );
  /** One node took the moment's backup, the other saw it taken. */
  const takenOnce = async () => {
    const outcomes = await Promise.all(schedulers.map((s) => s.tick()));
    expect(
      outcomes.filter((o) => typeof o === 'object'),
      String(outcomes),
    ).to.have.length(1);
    expect(outcomes.filter((o) => o === 'taken elsewhere')).to.have.length(1);
    expect(await Promise.all(schedulers.map((s) => s.tick()))).to.deep.equal(['not due', 'not due']);
  };
  after(async () => {
    for (const scheduler of schedulers) scheduler.stop();
    await second.stop();
    await first.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const archives = () => readdirSync(dir).filter((name) => ARCHIVE_NAME.test(name));

  it('takes nothing before the first moment after the nodes started', async () => {
    expect(await Promise.all(schedulers.map((s) => s.tick()))).to.deep.equal(['not due', 'not due']);
    expect(archives()).to.deep.equal([]);
  });

  it('takes each moment’s backup on exactly one node, records it, and keeps the newest two', async () => {
    for (const hour of [3, 4, 5]) {
      clock = new Date(`2026-12-01T0${hour}:00:05Z`);
      const outcomes = await Promise.all(schedulers.map((s) => s.tick()));
      const taken = outcomes.filter((o) => typeof o === 'object');
      expect(taken, String(outcomes)).to.have.length(1);
      expect(outcomes.filter((o) => o === 'taken elsewhere')).to.have.length(1);
      expect((taken[0] as { manifest: { media: { files: number } } }).manifest.media.files).to.equal(1);
      // The same moment again: nothing more, on either node.
      expect(await Promise.all(schedulers.map((s) => s.tick()))).to.deep.equal(['not due', 'not due']);
    }
    expect(archives()).to.deep.equal([
      'onetrack-2026-12-01T04-00-00-000Z-scheduled.tar',
      'onetrack-2026-12-01T05-00-00-000Z-scheduled.tar',
    ]);
    expect((await runs()).map((r) => [r.status, r.archive])).to.deep.equal(
      [3, 4, 5].map((hour) => ['done', `onetrack-2026-12-01T0${hour}-00-00-000Z-scheduled.tar`]),
    );
  });

  it('makes up, once and on one node, a moment missed while every node was down', async () => {
    clock = new Date('2026-12-01T08:30:00Z');
    restart();
    await takenOnce();
    expect((await runs()).map((r) => `${r.slot} ${r.status}`)).to.deep.equal([
      '03:00 done',
      '04:00 done',
      '05:00 done',
      '08:00 done',
    ]);
    // Started again within the same moment: it was taken, nothing more.
    restart();
    expect(await Promise.all(schedulers.map((s) => s.tick()))).to.deep.equal(['not due', 'not due']);
  });

  it('marks a backup left running by a dead node abandoned, and takes its moment again', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await once(dead, 'exit');
    const knex = first.app.kernel.knex;
    const at = (time: string) => new Date(`2026-12-01T${time}:00Z`).getTime();
    await knex('backupRuns').insert([
      // On this host, its process gone: a crash in the middle of the 09:00 backup.
      { slot: at('09:00'), node: `${os.hostname()}:${dead.pid}:crashed`, status: 'running', startedAt: at('09:00') },
      // On another host: abandoned only once older than the bound; a recent one may still be running.
      { slot: at('06:00'), node: 'elsewhere:7:old', status: 'running', startedAt: at('09:10') - STALE_RUNNING_MS - 1 },
      { slot: at('07:00'), node: 'elsewhere:8:recent', status: 'running', startedAt: at('08:30') },
    ]);
    clock = new Date('2026-12-01T09:10:00Z');
    restart();
    await takenOnce();
    expect((await runs()).map((r) => `${r.slot} ${r.status}`)).to.deep.equal([
      '03:00 done',
      '04:00 done',
      '05:00 done',
      '06:00 abandoned',
      '07:00 running',
      '08:00 done',
      '09:00 done',
    ]);
    expect(archives()).to.deep.equal([
      'onetrack-2026-12-01T08-00-00-000Z-scheduled.tar',
      'onetrack-2026-12-01T09-00-00-000Z-scheduled.tar',
    ]);
  });
});
