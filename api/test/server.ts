import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../app.ts';
import type { Config } from '../config.ts';
import { migrationFolders } from '../db/migrate.ts';
import { listen } from '../http/listen.ts';
import type { Logger } from '../log.ts';
import { loadPlugins } from '../plugins/loader.ts';
import type { SettingsOverrides } from '../plugins/settings.ts';
import type { PluginManifest } from '../plugins/types.ts';
import { forgetDescription } from './apiDescription.ts';
import { TestClient } from './client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestServer {
  url: string;
  app: App;
  /** A fresh client (its own cookie jar). */
  client(headers?: Record<string, string>): TestClient;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Serve pages through the built site (needs `npm run build`). */
  pages?: boolean;
  seedDemo?: boolean;
  /** Plugin entries (names, packages) or manifests; plugins/enabled.json when omitted. */
  plugins?: Array<string | PluginManifest>;
  /** The built site's folder (dist/ by default). */
  dist?: string;
  now?: () => Date;
  config?: Partial<Config>;
  /** Plugins' settings (kernel.settings); the others take their defaults, never this process's environment. */
  settings?: SettingsOverrides;
  /** Where the app logs (tests that read the lines); warnings and errors on stdout otherwise. */
  log?: Logger;
}

/** The configuration tests run the app with, on this database. */
export function testConfig(db: TestDatabase, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: db.dataDir,
    database: db.database,
    sessionSecret: 'test-secret-test-secret-test-secret',
    seedDemo: false,
    env: 'test',
    // The server's own address once it listens (startTestServer), unless a test sets another.
    publicUrl: 'http://127.0.0.1',
    trustProxy: false,
    proxyHops: 1,
    abuseLimits: {
      registrationsPerHour: 0,
      uploadBytesPerDay: 2048 * 1024 * 1024,
      rendersPerMinute: 0,
    },
    mediaWorker: false,
    rendersAtOnce: 2,
    renderQueue: 256,
    ...overrides,
  };
}

/** Starts the whole app on its own database (migrated for its plugins, seeded if asked) and a free port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const base = { seedDemo: options.seedDemo ?? false, ...options.config };
  // The app seeds only a database its own start migrated: a seeded one starts empty.
  const migrated = base.seedDemo ? undefined : migrationFolders(await loadPlugins(options.plugins));
  const db = await createTestDatabase({ migrated });
  const config = testConfig(db, base);
  const app = await createApp({
    config,
    plugins: options.plugins,
    dist: options.dist,
    pages: options.pages ?? false,
    now: options.now,
    log: options.log,
    env: {},
    settings: options.settings,
  });
  const server = await listen(app.koa, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Its port is known only now; everything reads the public origin when it writes a URL.
  if (!options.config?.publicUrl) config.publicUrl = url;
  return {
    url,
    app,
    client: (headers) => new TestClient(url, headers),
    async stop() {
      forgetDescription(url);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      await db.drop();
    },
  };
}

/** A test Redis namespace of its own, so two nodes of one test share invalidations with nobody else. */
export const testRedis = () => ({
  url: 'redis://127.0.0.1:6379',
  prefix: `onetrack-test-${randomBytes(4).toString('hex')}:`,
});

export interface SecondNode {
  app: App;
  /** A client of this node; `cookies` may be a client's jar of the first node (one browser, two nodes). */
  client(cookies?: Map<string, string>): TestClient;
  stop(): Promise<void>;
}

/** Another app process on the first one's database and Redis (its config), as a second node behind a balancer. */
export async function startSecondNode(first: TestServer, pages: boolean): Promise<SecondNode> {
  const app = await createApp({ config: first.app.kernel.config, settings: first.app.kernel.settings, pages });
  const server = await listen(app.koa, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    client: (cookies) => new TestClient(url, {}, cookies),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}
