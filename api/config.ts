import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Thrown for configuration a human must fix; the server prints only its message. */
export class ConfigError extends Error {}

export type DatabaseConfig =
  | { client: 'sqlite'; filename: string }
  | { client: 'mysql'; host: string; port: number; user: string; password: string; database: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  sessionSecret: string;
  seedDemo: boolean;
  env: 'development' | 'production' | 'test';
  /**
   * The site's public origin (scheme, host, port; no path): every absolute URL the site writes (pages,
   * feeds, the sitemap, oEmbed, e-mails) starts with it, never with a request's Host
   * (api/http/README.md, "Threat model").
   */
  publicUrl: string;
  /** Trust X-Forwarded-* from a reverse proxy (needed for Secure cookies behind TLS termination). */
  trustProxy: boolean;
  /**
   * How many trusted proxies append to X-Forwarded-For (TRUST_PROXY_HOPS): the client's address is
   * the one the outermost of them appended, counted from the right; what the client wrote is left of it.
   */
  proxyHops: number;
  /** Abuse limits, each counted through kernel.limits (shared by every node); 0 turns one off. */
  abuseLimits: AbuseLimits;
  /** Run a media worker in a thread of the web process (the single-process default). */
  mediaWorker: boolean;
  /**
   * How long a stopping node keeps serving with /healthz at 503 before it stops listening
   * (SHUTDOWN_DRAIN_MS): longer than its balancer takes to mark it down. Unset: 0.
   */
  shutdownDrainMs?: number;
  /** Server renders one process runs at once (RENDERS_AT_ONCE; api/http/renderGate.ts); 0: no limit. */
  rendersAtOnce: number;
  /** Renders each class may have waiting at the render gate before one more is refused (503); 0: no bound. */
  renderQueue: number;
  /** Where media live (api/storage): DATA_DIR/media unless an S3-compatible bucket is configured. */
  storage?: StorageConfig;
  /**
   * Shared state of several app nodes (cache invalidation, limits); null: one process, nothing shared beyond the
   * database.
   */
  redis?: RedisConfig | null;
  /** Where Prometheus reads /metrics; null: no metrics. */
  metrics?: MetricsConfig | null;
  /** A media worker process touches this file every 15 s while it can reach the database (container health checks). */
  workerHeartbeatFile?: string | null;
  /** Outgoing e-mail (notifications); null: in-app notifications only. */
  mail?: MailConfig | null;
  /**
   * Where archives of `npm run backup` go, when they are taken by themselves, how many are kept (docs/operations.md).
   */
  backup?: BackupConfig;
}

export interface BackupConfig {
  /** The folder archives go to (BACKUP_DIR); with a bucket, where an archive is written before it goes up. */
  dir: string;
  /** An S3-compatible bucket for archives (BACKUP_S3_BUCKET); null: the folder keeps them. */
  s3: S3Settings | null;
  /**
   * When a node takes a backup by itself (BACKUP_SCHEDULE); null: only on demand (and before migrations in production).
   */
  schedule: BackupSchedule | null;
  /** Archives kept after each backup (BACKUP_KEEP), the newest; 0 keeps all. */
  keep: number;
}

/**
 * Times of the day (UTC, minutes after midnight), or a fixed interval counted from the epoch, so every node computes
 * the same moments.
 */
export type BackupSchedule = { times: number[] } | { everyMs: number };

export interface AbuseLimits {
  /** Accounts one client address may register an hour (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour: number;
  /** Bytes a user may upload a day (UPLOAD_MB_PER_DAY), the storage quota of an artist's files. */
  uploadBytesPerDay: number;
  /** Server renders one client may set off a minute on each node (RENDERS_PER_MINUTE; api/http/renderBudget.ts). */
  rendersPerMinute: number;
}

export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://… (nodemailer's connection URL). */
  smtpUrl: string;
  from: string;
}

export interface RedisConfig {
  url: string;
  /** Starts every key and channel name, so several deployments (or test runs) can share one Redis. */
  prefix: string;
}

/** /metrics answers on its own port, or on the main port to this bearer token, or both. */
export interface MetricsConfig {
  port: number | null;
  token: string | null;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export type StorageConfig = { driver: 'local' } | ({ driver: 's3' } & S3Settings);

type Env = Record<string, string | undefined>;

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseFlag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0 (true or false), got "${raw}"`);
}

function parseHops(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const hops = Number(raw);
  if (!/^\d+$/.test(raw) || hops < 1 || hops > 10)
    throw new ConfigError(`TRUST_PROXY_HOPS must be a whole number from 1 to 10, got "${raw}"`);
  return hops;
}

function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(count))
    throw new ConfigError(`${name} must be a whole number (0 turns the limit off), got "${raw}"`);
  return count;
}

function parseAbuseLimits(env: Env, nodeEnv: Config['env']): AbuseLimits {
  return {
    // Off outside production: shared networks during development, test suites registering hundreds of accounts.
    registrationsPerHour: parseCount(
      'REGISTRATIONS_PER_HOUR',
      env.REGISTRATIONS_PER_HOUR,
      nodeEnv === 'production' ? 10 : 0,
    ),
    uploadBytesPerDay: parseCount('UPLOAD_MB_PER_DAY', env.UPLOAD_MB_PER_DAY, 2048) * 1024 * 1024,
    rendersPerMinute: parseCount('RENDERS_PER_MINUTE', env.RENDERS_PER_MINUTE, nodeEnv === 'production' ? 120 : 0),
  };
}

function parseStorage(env: Env): StorageConfig {
  const driver = env.STORAGE_DRIVER || 'local';
  if (driver === 'local') return { driver };
  if (driver !== 's3') throw new ConfigError(`STORAGE_DRIVER must be local or s3, got "${driver}"`);
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new ConfigError(`${name} is required when STORAGE_DRIVER=s3`);
    return value;
  };
  const endpoint = need('S3_ENDPOINT');
  if (!/^https?:\/\//.test(endpoint)) throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  return {
    driver,
    endpoint,
    bucket: need('S3_BUCKET'),
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
  };
}

function parseBackupSchedule(raw: string | undefined): BackupSchedule | null {
  if (!raw) return null;
  const usage =
    `BACKUP_SCHEDULE must be UTC times of the day (e.g. 03:30 or 03:30,15:30) or ` +
    `an interval (e.g. every 6h, every 30m), got "${raw}"`;
  const every = /^every\s+(\d+)\s*([mh])$/i.exec(raw.trim());
  if (every) {
    const everyMs = Number(every[1]) * (every[2].toLowerCase() === 'h' ? 3_600_000 : 60_000);
    if (everyMs < 60_000 || everyMs > 7 * 86_400_000) throw new ConfigError(usage);
    return { everyMs };
  }
  const times = raw.split(',').map((part) => {
    const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(part.trim());
    if (!time) throw new ConfigError(usage);
    return Number(time[1]) * 60 + Number(time[2]);
  });
  return { times: [...new Set(times)].sort((a, b) => a - b) };
}

function parseBackup(env: Env, storage: StorageConfig): BackupConfig {
  let s3: S3Settings | null = null;
  if (env.BACKUP_S3_BUCKET) {
    const media = storage.driver === 's3' ? storage : null;
    const pick = (name: string, fallback: string | undefined) => {
      const value = env[`BACKUP_${name}`] || env[name] || fallback;
      if (!value) throw new ConfigError(`BACKUP_${name} (or ${name}) is required when BACKUP_S3_BUCKET is set`);
      return value;
    };
    s3 = {
      endpoint: pick('S3_ENDPOINT', media?.endpoint),
      bucket: env.BACKUP_S3_BUCKET,
      region: pick('S3_REGION', media?.region ?? 'us-east-1'),
      accessKeyId: pick('S3_ACCESS_KEY_ID', media?.accessKeyId),
      secretAccessKey: pick('S3_SECRET_ACCESS_KEY', media?.secretAccessKey),
    };
    if (!/^https?:\/\//.test(s3.endpoint))
      throw new ConfigError(`BACKUP_S3_ENDPOINT must be an http(s) URL, got "${s3.endpoint}"`);
    // A backup copies every object of the media bucket: archives among them would be copied into the next.
    if (media && media.endpoint === s3.endpoint && media.bucket === s3.bucket)
      throw new ConfigError('BACKUP_S3_BUCKET must not be the media bucket (S3_BUCKET)');
  }
  return {
    dir: path.resolve(env.BACKUP_DIR || './backups'),
    s3,
    schedule: parseBackupSchedule(env.BACKUP_SCHEDULE),
    keep: parseCount('BACKUP_KEEP', env.BACKUP_KEEP, 7),
  };
}

function parseRedis(env: Env): RedisConfig | null {
  const url = env.REDIS_URL;
  if (!url) return null;
  if (!/^rediss?:\/\/[^/]/.test(url))
    throw new ConfigError(`REDIS_URL must be a redis:// (or rediss://) URL, e.g. redis://127.0.0.1:6379, got "${url}"`);
  const prefix = env.REDIS_PREFIX ?? 'onetrack:';
  if (!/^[\w:.-]{0,64}$/.test(prefix))
    throw new ConfigError(`REDIS_PREFIX may hold letters, digits and _ : . - (at most 64), got "${prefix}"`);
  return { url, prefix };
}

function parseMetrics(env: Env): MetricsConfig | null {
  const rawPort = env.METRICS_PORT;
  const token = env.METRICS_TOKEN || null;
  if (!rawPort && !token) return null;
  let port: number | null = null;
  if (rawPort) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65535)
      throw new ConfigError(`METRICS_PORT must be a whole number from 0 to 65535, got "${rawPort}"`);
  }
  if (token !== null && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  return { port, token };
}

function parseMail(env: Env): MailConfig | null {
  const smtpUrl = env.SMTP_URL;
  if (!smtpUrl) return null;
  if (!/^smtps?:\/\/[^/]/.test(smtpUrl))
    throw new ConfigError(
      `SMTP_URL must be an smtp:// or smtps:// URL, e.g. ` +
        `smtp://user:pass@mail.example.com:587, got "` +
        `${smtpUrl.replace(/\/\/[^@]*@/, '//…@')}"`,
    );
  return { smtpUrl, from: env.MAIL_FROM || 'OneTrack <no-reply@onetrack.local>' };
}

/** The public origin; in development it is this machine at PORT, in production it must be said. */
function parsePublicUrl(raw: string | undefined, env: Config['env'], port: number): string {
  if (!raw) {
    if (env === 'production')
      throw new ConfigError(
        'PUBLIC_URL is required when NODE_ENV=production (the address visitors use, e.g. https://onetrack.example)',
      );
    // localhost, not 127.0.0.1: browsers refuse an IP address as a passkey's site (WebAuthn RP ID).
    return `http://localhost:${port}`;
  }
  const usage = `PUBLIC_URL must be an http(s) origin without a path, e.g. https://onetrack.example, got "${raw}"`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(usage);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.pathname !== '/' || url.search || url.hash)
    throw new ConfigError(usage);
  return url.origin;
}

function parseEnv(raw: string | undefined): Config['env'] {
  const value = raw || 'development';
  if (value !== 'development' && value !== 'production' && value !== 'test') {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${value}"`);
  }
  return value;
}

export function parseDatabaseUrl(raw: string | undefined, dataDir: string): DatabaseConfig {
  if (!raw) return { client: 'sqlite', filename: path.join(dataDir, 'app.sqlite') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL is not a valid URL (expected mysql://user:pass@host:port/db)');
  }
  if (url.protocol === 'sqlite:') {
    return { client: 'sqlite', filename: path.resolve(decodeURIComponent(url.pathname)) };
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new ConfigError(`DATABASE_URL must start with mysql:// (or sqlite:///path), got "${url.protocol}//"`);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) throw new ConfigError('DATABASE_URL must name a database, e.g. mysql://user:pass@host:3306/onetrack');
  return {
    client: 'mysql',
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    database,
  };
}

/** The session secret is generated once per data directory so restarts keep users signed in. */
function sessionSecret(raw: string | undefined, env: Config['env'], dataDir: string): string {
  if (raw) {
    if (raw.length < 16) throw new ConfigError('SESSION_SECRET must be at least 16 characters');
    return raw;
  }
  if (env === 'production') throw new ConfigError('SESSION_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = parseEnv(env.NODE_ENV);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`DATA_DIR "${dataDir}" cannot be created: ${(error as Error).message}`);
  }
  const port = parsePort(env.PORT);
  const storage = parseStorage(env);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    database: parseDatabaseUrl(env.DATABASE_URL, dataDir),
    sessionSecret: sessionSecret(env.SESSION_SECRET, nodeEnv, dataDir),
    seedDemo: parseFlag('SEED_DEMO', env.SEED_DEMO, true),
    env: nodeEnv,
    publicUrl: parsePublicUrl(env.PUBLIC_URL, nodeEnv, port),
    trustProxy: parseFlag('TRUST_PROXY', env.TRUST_PROXY, false),
    proxyHops: parseHops(env.TRUST_PROXY_HOPS),
    abuseLimits: parseAbuseLimits(env, nodeEnv),
    mediaWorker: parseFlag('MEDIA_WORKER', env.MEDIA_WORKER, true),
    // deploy/haproxy.cfg marks a node down after 2 failed checks 2 s apart.
    shutdownDrainMs: parseCount('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, nodeEnv === 'production' ? 5000 : 0),
    rendersAtOnce: parseCount('RENDERS_AT_ONCE', env.RENDERS_AT_ONCE, 2),
    renderQueue: parseCount('RENDER_QUEUE', env.RENDER_QUEUE, 256),
    storage,
    backup: parseBackup(env, storage),
    redis: parseRedis(env),
    metrics: parseMetrics(env),
    workerHeartbeatFile: env.WORKER_HEARTBEAT_FILE || null,
    mail: parseMail(env),
  };
}
