import { expect } from 'chai';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signUp } from '../../../plugins/accounts/test/fixtures.ts';
import { uploadImage } from '../../../plugins/releases/test/fixtures.ts';
import type { Config } from '../../config.ts';
import { startSecondNode, startTestServer, type SecondNode, type TestServer } from '../../test/server.ts';
import { startBackupSchedule, type BackupScheduler } from '../schedule.ts';
import { ARCHIVE_NAME } from '../store.ts';

describe('backup: BACKUP_SCHEDULE on two nodes, one backup per moment, BACKUP_KEEP', function () {
  this.timeout(120_000);
  let first: TestServer;
  let second: SecondNode;
  let clock = new Date('2026-12-01T02:59:00Z');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-scheduled-'));
  const schedulers: BackupScheduler[] = [];

  before(async () => {
    first = await startTestServer({ now: () => clock });
    second = await startSecondNode(first, false);
    const artist = await signUp(first, 'scheduled', { artist: true });
    await uploadImage(artist.client);
    const config: Config = {
      ...first.app.kernel.config,
      backup: { dir, s3: null, schedule: { everyMs: 3_600_000 }, keep: 2 },
    };
    for (const app of [first.app, second.app])
      schedulers.push(startBackupSchedule({ ...app.kernel, config, now: () => clock }));
  });
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
    const runs = await first.app.kernel.knex('backupRuns').orderBy('slot').select('slot', 'status', 'archive');
    expect(runs.map((r: { status: string; archive: string }) => [r.status, r.archive])).to.deep.equal(
      [3, 4, 5].map((hour) => ['done', `onetrack-2026-12-01T0${hour}-00-00-000Z-scheduled.tar`]),
    );
  });
});
