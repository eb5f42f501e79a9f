import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { FORMAT, MANIFEST, readEntry, verifyArchive, type Manifest } from '../manifest.ts';
import { slotAt } from '../schedule.ts';
import { archiveName, openArchiveStore, pruneArchives, sweepStaging } from '../store.ts';
import { readTar, TarWriter, type WrittenEntry } from '../tar.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-archive-'));
const longName = `media/${'c/'.repeat(30)}${'a'.repeat(90)}.webp`;

async function writeArchive(file: string, entries: Array<[string, Buffer]>, manifest = true): Promise<void> {
  const tar = await TarWriter.create(file);
  const files: WrittenEntry[] = [];
  for (const [name, bytes] of entries) files.push(await tar.add(name, bytes.length, bytes));
  if (manifest) {
    const text = Buffer.from(JSON.stringify({ format: FORMAT, files } as Partial<Manifest>));
    await tar.add(MANIFEST, text.length, text);
  }
  await tar.close();
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no failure',
    (error: Error) => error.message,
  );

describe('backup: the archive, its manifest and its settings', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));
  const entries: Array<[string, Buffer]> = [
    ['database/app.sqlite.gz', Buffer.from('not really gzip, but bytes')],
    ['settings/session-secret', Buffer.from('s3cret-s3cret-s3cret')],
    ['media/u/empty.txt', Buffer.alloc(0)],
    [longName, Buffer.alloc(1500, 7)],
  ];

  it('writes a tar that tar(1) lists and unpacks, and reads it back with the same names, sizes and bytes', async () => {
    const file = path.join(dir, 'plain.tar');
    await writeArchive(file, entries);
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).to.deep.equal([...entries.map(([name]) => name), MANIFEST]);
    const out = mkdtempSync(path.join(dir, 'x-'));
    execFileSync('tar', ['-xf', file, '-C', out]);
    expect(readFileSync(path.join(out, longName))).to.deep.equal(entries[3][1]);
    const read = await readTar(file);
    expect(read.map((e) => [e.name, e.size])).to.deep.equal([
      ...entries.map(([name, bytes]) => [name, bytes.length]),
      [MANIFEST, read.at(-1)!.size],
    ]);
    for (const [index, [, bytes]] of entries.entries()) expect(await readEntry(file, read[index])).to.deep.equal(bytes);
    const { manifest, bytes } = await verifyArchive(file);
    expect(manifest.files.map((f) => f.sha256)).to.deep.equal(
      entries.map(([, b]) => createHash('sha256').update(b).digest('hex')),
    );
    expect(bytes).to.equal(entries.reduce((sum, [, b]) => sum + b.length, 0));
  });

  it('refuses an archive with a changed byte, a missing manifest, or an entry the manifest does not list', async () => {
    const file = path.join(dir, 'tampered.tar');
    await writeArchive(file, entries);
    const entry = (await readTar(file)).find((e) => e.name === longName)!;
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.from([8]), 0, 1, entry.offset + 700);
    expect(await failure(verifyArchive(file))).to.include(`${longName} does not match its checksum`);

    const bare = path.join(dir, 'bare.tar');
    await writeArchive(bare, entries, false);
    expect(await failure(verifyArchive(bare))).to.include('its last entry is not manifest.json');

    const extra = path.join(dir, 'extra.tar');
    const tar = await TarWriter.create(extra);
    const listed = [await tar.add('media/u/a.txt', 1, Buffer.from('a'))];
    await tar.add('media/u/smuggled.txt', 1, Buffer.from('b'));
    const text = Buffer.from(JSON.stringify({ format: FORMAT, files: listed }));
    await tar.add(MANIFEST, text.length, text);
    await tar.close();
    expect(await failure(verifyArchive(extra))).to.include('entries its manifest does not list: media/u/smuggled.txt');

    writeFileSync(path.join(dir, 'junk.tar'), 'hello');
    expect(await failure(verifyArchive(path.join(dir, 'junk.tar')))).to.include('Not a OneTrack backup');
  });

  it('keeps the newest BACKUP_KEEP archives of the folder, and nothing else it holds is touched', async () => {
    const folder = mkdtempSync(path.join(dir, 'keep-'));
    const store = await openArchiveStore({ dir: folder, s3: null, schedule: null, keep: 2 });
    const names = [0, 1, 2, 3].map((day) => archiveName(new Date(Date.UTC(2026, 10, 1 + day, 3)), 'scheduled'));
    for (const name of [...names].reverse()) writeFileSync(path.join(folder, name), name);
    writeFileSync(path.join(folder, 'notes.txt'), 'mine');
    expect(await pruneArchives(store, 2)).to.deep.equal(names.slice(0, 2));
    expect((await store.list()).map((a) => a.name)).to.deep.equal(names.slice(2));
    expect(readFileSync(path.join(folder, 'notes.txt'), 'utf8')).to.equal('mine');
    expect(await pruneArchives(store, 0)).to.deep.equal([]);

    // What a backup that died left: swept once a day old; a running backup's files are younger.
    const dead = `${names[0]}.partial`;
    writeFileSync(path.join(folder, dead), 'half');
    mkdirSync(path.join(folder, '.staging-dead'));
    writeFileSync(path.join(folder, `${names[1]}.partial`), 'running');
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    for (const name of [dead, '.staging-dead']) utimesSync(path.join(folder, name), dayAgo, dayAgo);
    expect((await sweepStaging(folder)).sort()).to.deep.equal(['.staging-dead', dead]);
    expect(readdirSync(folder).sort()).to.deep.equal([`${names[1]}.partial`, ...names.slice(2), 'notes.txt'].sort());
  });

  it('computes the same scheduled moments on every node, from times of the day or an interval', () => {
    const at = (iso: string) => Date.parse(iso);
    const daily = { times: [3 * 60 + 30, 15 * 60] };
    expect(slotAt(daily, at('2026-12-01T03:29:59Z'))).to.equal(at('2026-11-30T15:00:00Z'));
    expect(slotAt(daily, at('2026-12-01T03:30:00Z'))).to.equal(at('2026-12-01T03:30:00Z'));
    expect(slotAt(daily, at('2026-12-01T23:59:00Z'))).to.equal(at('2026-12-01T15:00:00Z'));
    expect(slotAt({ everyMs: 6 * 3_600_000 }, at('2026-12-01T13:10:00Z'))).to.equal(at('2026-12-01T12:00:00Z'));
  });

  it('reads BACKUP_* settings, and refuses what cannot work with a message', () => {
    const base = { DATA_DIR: dir };
    const backup = (env: Record<string, string>) => loadConfig({ ...base, ...env }).backup!;
    expect(backup({})).to.deep.equal({ dir: path.resolve('backups'), s3: null, schedule: null, keep: 7 });
    expect(backup({ BACKUP_SCHEDULE: '15:00, 03:30', BACKUP_KEEP: '0', BACKUP_DIR: dir })).to.deep.equal({
      dir,
      s3: null,
      schedule: { times: [210, 900] },
      keep: 0,
    });
    expect(backup({ BACKUP_SCHEDULE: 'every 6h' }).schedule).to.deep.equal({ everyMs: 6 * 3_600_000 });
    const media = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(backup({ ...media, BACKUP_S3_BUCKET: 'archives' }).s3).to.deep.equal({
      endpoint: 'http://minio:9000',
      bucket: 'archives',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    for (const [env, message] of [
      [{ BACKUP_SCHEDULE: '3:30' }, 'BACKUP_SCHEDULE must be UTC times of the day'],
      [{ BACKUP_SCHEDULE: 'every 0m' }, 'BACKUP_SCHEDULE must be'],
      [{ BACKUP_KEEP: '-1' }, 'BACKUP_KEEP must be a whole number'],
      [{ BACKUP_S3_BUCKET: 'archives' }, 'BACKUP_S3_ENDPOINT (or S3_ENDPOINT) is required'],
      [{ ...media, BACKUP_S3_BUCKET: 'media' }, 'BACKUP_S3_BUCKET must not be the media bucket'],
    ] as const)
      expect(() => backup(env), message).to.throw(ConfigError, message);
  });
});
