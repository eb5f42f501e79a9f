import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../config.ts';

// The deployment as written: docker-compose.yml and the load balancer's configuration. No Docker
// engine runs here; `npm test` also runs `docker compose config` where a Compose client exists.

const root = path.resolve(import.meta.dirname, '../..');

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  container_name?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
}

/** ${NAME:-default} → default, ${NAME:?message} → a value, as Compose would with those unset or set. */
function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+):-([^}]*)\}/g, '$2')
    .replace(/\$\{(\w+):\?[^}]*\}/g, 'a-session-secret-of-32-characters!');
}

describe('deployment: docker-compose.yml and the load balancer', () => {
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const { services } = compose;
  const haproxy = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-compose-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = (service: Service) =>
    Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));

  it(
    'scales the app: no fixed host port or container name on the replicas, one ' +
      'published port on the load balancer',
    () => {
      expect(services.app.ports, 'app replicas bind no host port').to.equal(undefined);
      expect(services.app.container_name).to.equal(undefined);
      expect(services.worker.ports).to.equal(undefined);
      expect(services.lb.ports).to.deep.equal(['${PORT:-3000}:8080']);
      expect(services.lb.depends_on?.app.condition).to.equal('service_healthy');
      expect(services.worker.deploy?.replicas).to.be.at.least(2);
    },
  );

  it(
    'runs MySQL 8.4, Redis, MinIO with its bucket made at start, and checks the ' +
      'health of every long-running service',
    () => {
      expect(services.mysql.image).to.equal('mysql:8.4');
      expect(services.redis.image).to.match(/^redis:7/);
      expect(services.minio.image).to.match(/^minio\/minio/);
      const bucket = env(services.app).S3_BUCKET;
      expect(services.bucket.entrypoint!.join(' ')).to.include(`mc mb --ignore-existing store/${bucket}`);
      expect(services.bucket.depends_on?.minio.condition).to.equal('service_healthy');
      for (const name of ['lb', 'app', 'worker', 'mysql', 'redis', 'minio'])
        expect(services[name].healthcheck?.test, name).to.be.an('array');
      for (const name of ['app', 'worker']) {
        expect(services[name].depends_on, name).to.deep.equal({
          mysql: { condition: 'service_healthy' },
          redis: { condition: 'service_healthy' },
          bucket: { condition: 'service_completed_successfully' },
        });
      }
    },
  );

  it(
    'gives app replicas and workers a configuration the server accepts: MySQL, ' +
      'Redis, the bucket, no embedded worker',
    () => {
      for (const name of ['app', 'worker']) {
        const config = loadConfig({ ...env(services[name]), DATA_DIR: dataDir });
        expect(config.database, name).to.include({ client: 'mysql', host: 'mysql', database: 'onetrack' });
        expect(config.redis, name).to.deep.equal({ url: 'redis://redis:6379', prefix: 'onetrack:' });
        expect(config.storage, name).to.include({
          driver: 's3',
          endpoint: 'http://minio:9000',
          bucket: 'onetrack-media',
        });
        expect(config.seedDemo, name).to.equal(false);
      }
      const app = loadConfig({ ...env(services.app), DATA_DIR: dataDir });
      expect(app).to.include({
        mediaWorker: false,
        trustProxy: true,
        proxyHops: 1,
        publicUrl: 'http://localhost:3000',
      });
      expect(app.metrics).to.deep.equal({ port: 9464, token: null });
      expect(services.worker.command).to.deep.equal(['node', 'media-worker/main.ts']);
      expect(env(services.worker).WORKER_HEARTBEAT_FILE).to.be.a('string');
    },
  );

  it('balances over every replica found through Docker DNS, each checked on /healthz, without sticky sessions', () => {
    expect(haproxy).to.match(/^\s*server-template app- \d+ app:3000 check .*resolvers docker/m);
    expect(haproxy).to.match(/^\s*option httpchk GET \/healthz/m);
    expect(haproxy).to.match(/^\s*nameserver dns 127\.0\.0\.11:53/m);
    expect(haproxy).to.match(/^\s*bind :8080/m);
    expect(haproxy).not.to.match(/^\s*(cookie|stick) /m);
  });

  it(
    'writes the client address itself (one hop, as the app counts): a forged ' +
      'X-Forwarded-For never reaches the app',
    () => {
      expect(haproxy).to.match(/^\s*http-request set-header X-Forwarded-For %\[src\]/m);
      expect(haproxy).not.to.match(/^\s*option forwardfor/m);
      expect(haproxy).to.match(/^\s*http-request del-header X-Forwarded-Host/m);
    },
  );
});
