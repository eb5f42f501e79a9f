import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';

describe('configuration from the environment', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-config-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to port 3000 on 127.0.0.1 with SQLite inside DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).to.equal(3000);
    expect(config.host).to.equal('127.0.0.1');
    expect(config.database).to.deep.equal({ client: 'sqlite', filename: path.join(dir, 'app.sqlite') });
    expect(config.seedDemo).to.equal(true);
    expect(config.env).to.equal('development');
  });

  it('sends no e-mail unless SMTP_URL is set, and reads the sender with it', () => {
    expect(loadConfig({ DATA_DIR: dir }).mail).to.equal(null);
    expect(loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtp://u:p@mail.local:587' }).mail).to.deep.equal({
      smtpUrl: 'smtp://u:p@mail.local:587',
      from: 'OneTrack <no-reply@onetrack.local>',
    });
    expect(
      loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtps://mail.local', MAIL_FROM: 'Drops <drops@onetrack.example>' }).mail,
    ).to.include({ from: 'Drops <drops@onetrack.example>' });
  });

  it('reads the public origin from PUBLIC_URL, or this machine at PORT outside production', () => {
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).publicUrl).to.equal('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://OneTrack.example/' }).publicUrl).to.equal(
      'https://onetrack.example',
    );
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://onetrack.example:443' }).publicUrl).to.equal(
      'https://onetrack.example',
    );
    expect(
      loadConfig({
        DATA_DIR: dir,
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-production-secret',
        PUBLIC_URL: 'https://onetrack.example',
      }).publicUrl,
    ).to.equal('https://onetrack.example');
  });

  it('reads a MySQL URL with its parts decoded', () => {
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://app:p%40ss@db.internal:3307/onetrack' });
    expect(config.database).to.deep.equal({
      client: 'mysql',
      host: 'db.internal',
      port: 3307,
      user: 'app',
      password: 'p@ss',
      database: 'onetrack',
    });
  });

  it('generates the session secret once and keeps it across restarts', () => {
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).to.have.length(64);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).to.equal(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).to.equal(first);
  });

  const invalid: Array<[string, Record<string, string>, RegExp]> = [
    ['a port that is not a number', { PORT: 'eighty' }, /PORT must be a whole number/],
    ['a port out of range', { PORT: '70000' }, /PORT must be a whole number/],
    ['an unknown database scheme', { DATABASE_URL: 'postgres://x@y/z' }, /DATABASE_URL must start with mysql:\/\//],
    ['a MySQL URL without a database', { DATABASE_URL: 'mysql://root@127.0.0.1:3306' }, /must name a database/],
    ['a URL that does not parse', { DATABASE_URL: 'not a url' }, /not a valid URL/],
    ['production without a session secret', { NODE_ENV: 'production' }, /SESSION_SECRET is required/],
    ['a short session secret', { SESSION_SECRET: 'short' }, /at least 16 characters/],
    ['an unknown NODE_ENV', { NODE_ENV: 'staging' }, /NODE_ENV must be/],
    ['SEED_DEMO that is not a flag', { SEED_DEMO: 'maybe' }, /SEED_DEMO must be 1 or 0/],
    [
      'an SMTP URL of another scheme',
      { SMTP_URL: 'http://mail.local' },
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    ],
    ['a proxy hop count of 0', { TRUST_PROXY_HOPS: '0' }, /TRUST_PROXY_HOPS must be a whole number from 1 to 10/],
    [
      'a limit that is not a whole number',
      { UPLOAD_MB_PER_DAY: 'lots' },
      /UPLOAD_MB_PER_DAY must be a whole number \(0 turns the limit off\)/,
    ],
    ['an upload quota in GB', { UPLOAD_MB_PER_DAY: '2.5' }, /UPLOAD_MB_PER_DAY must be a whole number/],
    [
      'production without a public URL',
      { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret' },
      /PUBLIC_URL is required when NODE_ENV=production/,
    ],
    ['a public URL without a scheme', { PUBLIC_URL: 'onetrack.example' }, /PUBLIC_URL must be an http\(s\) origin/],
    [
      'a public URL of another scheme',
      { PUBLIC_URL: 'ftp://onetrack.example' },
      /PUBLIC_URL must be an http\(s\) origin/,
    ],
    [
      'a public URL with a path',
      { PUBLIC_URL: 'https://example.com/onetrack' },
      /PUBLIC_URL must be an http\(s\) origin without a path/,
    ],
  ];
  for (const [what, env, message] of invalid) {
    it(`refuses ${what} with one clear ConfigError`, () => {
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).to.throw(ConfigError, message);
    });
  }

  it('counts one trusted proxy hop unless TRUST_PROXY_HOPS says more', () => {
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' })).to.include({ trustProxy: true, proxyHops: 1 });
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1', TRUST_PROXY_HOPS: '2' }).proxyHops).to.equal(2);
  });

  it('limits registrations per address in production only by default; uploads always; 0 turns one off', () => {
    const MB = 1024 * 1024;
    expect(loadConfig({ DATA_DIR: dir }).abuseLimits).to.deep.equal({
      registrationsPerHour: 0,
      uploadBytesPerDay: 2048 * MB,
      rendersPerMinute: 0,
    });
    const production = loadConfig({
      DATA_DIR: dir,
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(16),
      PUBLIC_URL: 'https://onetrack.example',
    }).abuseLimits;
    expect(production).to.include({ registrationsPerHour: 10, rendersPerMinute: 120 });
    const set = loadConfig({
      DATA_DIR: dir,
      REGISTRATIONS_PER_HOUR: '3',
      UPLOAD_MB_PER_DAY: '100',
      RENDERS_PER_MINUTE: '30',
    }).abuseLimits;
    expect(set).to.deep.equal({
      registrationsPerHour: 3,
      uploadBytesPerDay: 100 * MB,
      rendersPerMinute: 30,
    });
  });

  it('runs 2 renders at once per process unless RENDERS_AT_ONCE says otherwise (0: no limit)', () => {
    expect(loadConfig({ DATA_DIR: dir }).rendersAtOnce).to.equal(2);
    expect(loadConfig({ DATA_DIR: dir, RENDERS_AT_ONCE: '0' }).rendersAtOnce).to.equal(0);
    expect(() => loadConfig({ DATA_DIR: dir, RENDERS_AT_ONCE: 'many' })).to.throw(
      ConfigError,
      /RENDERS_AT_ONCE must be a whole number/,
    );
  });

  it('lets 256 renders of each kind wait per process unless RENDER_QUEUE says otherwise (0: no bound)', () => {
    expect(loadConfig({ DATA_DIR: dir }).renderQueue).to.equal(256);
    expect(loadConfig({ DATA_DIR: dir, RENDER_QUEUE: '0' }).renderQueue).to.equal(0);
    expect(() => loadConfig({ DATA_DIR: dir, RENDER_QUEUE: '-1' })).to.throw(
      ConfigError,
      /RENDER_QUEUE must be a whole number/,
    );
  });

  it('turns demo seeding off with SEED_DEMO=0', () => {
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: '0' }).seedDemo).to.equal(false);
  });

  it('runs the in-process media worker unless MEDIA_WORKER=0', () => {
    expect(loadConfig({ DATA_DIR: dir }).mediaWorker).to.equal(true);
    expect(loadConfig({ DATA_DIR: dir, MEDIA_WORKER: '0' }).mediaWorker).to.equal(false);
    expect(() => loadConfig({ DATA_DIR: dir, MEDIA_WORKER: 'sometimes' })).to.throw(
      ConfigError,
      /MEDIA_WORKER must be 1 or 0/,
    );
  });
});
