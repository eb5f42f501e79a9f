import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { listeningUrl, logLines } from './processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const serverFile = path.join(root, 'api/server.ts');

describe('the server process', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-proc-'))));
  // A test that failed before its SIGTERM must not leave the server running (mocha would wait on it).
  let running: ChildProcess | undefined;
  afterEach(() => {
    if (running?.exitCode === null) running.kill('SIGKILL');
    running = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses invalid configuration with one clear line and no stack trace', () => {
    const result = spawnSync(process.execPath, [serverFile], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: 'eighty', DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.equal(
      'OneTrack cannot start: PORT must be a whole number from 0 to 65535, got "eighty"',
    );
    expect(result.stdout).to.equal('');
  });

  it('starts on SQLite with demo data, then shuts down cleanly on SIGTERM', async function () {
    this.timeout(60_000);
    // Port 0: the system picks a free one, and the server logs the address it got.
    const child = spawn(process.execPath, [serverFile], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', SEED_DEMO: '1', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let base: string | undefined;
    for (let i = 0; i < 300 && !base; i++) {
      await new Promise((r) => setTimeout(r, 100));
      base = listeningUrl(output);
    }
    expect(base, output).to.be.a('string');
    expect((await fetch(`${base}/healthz`)).status).to.equal(200);
    // An idle connection outlives Node's default 5 s, as a load balancer reusing it expects
    // (api/http/listen.ts); still open at SIGTERM below, it does not hold the shutdown up.
    const agent = new http.Agent({ keepAlive: true });
    const viaAgent = () =>
      new Promise<{ reused: boolean; keepAlive?: string }>((resolve, reject) => {
        const req = http.get(`${base}/healthz`, { agent }, (res) => {
          res
            .resume()
            .on('end', () =>
              resolve({ reused: req.reusedSocket, keepAlive: res.headers['keep-alive'] as string | undefined }),
            );
        });
        req.on('error', reject);
      });
    expect(await viaAgent()).to.deep.equal({ reused: false, keepAlive: 'timeout=65' });
    await new Promise((r) => setTimeout(r, 6000));
    // The request log is gathered (api/log.ts), but never for more than a second, traffic or not.
    expect(
      logLines(output).filter((line) => line.message === 'request' && line.path === '/healthz'),
      'request lines written while idle',
    ).to.have.length(2);
    expect(await viaAgent(), 'the same connection after 6 s idle').to.deep.equal({
      reused: true,
      keepAlive: 'timeout=65',
    });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
    });
    expect(login.status).to.equal(200);
    // Log lines are written asynchronously: those of the last requests before SIGTERM must still
    // reach stdout, one per request, before the process exits.
    const paths = Array.from({ length: 30 }, (_, i) => (i % 2 ? '/robots.txt' : `/api/tracks/${i}`));
    await Promise.all(paths.map(async (p) => (await fetch(base + p)).arrayBuffer()));
    child.kill('SIGTERM');
    expect(await exited, output.slice(-3000)).to.equal(0);
    agent.destroy();
    const lines = logLines(output);
    const logged = lines.filter((line) => line.message === 'request').map((line) => line.path);
    expect(logged.slice(-paths.length).sort()).to.deep.equal([...paths].sort());
    expect(logged.filter((p) => p === '/api/auth/login')).to.have.length(1);
    // Down to the last line, logged right before process.exit.
    expect(lines.map((line) => line.message)).to.include('shutting down');
    expect(lines.at(-1)).to.include({ message: 'stopped', signal: 'SIGTERM' });

    // The same data folder, as an operator would use it afterwards.
    const promote = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(root, 'api/cli/promote.ts'), ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
    const ok = promote('demo', 'admin');
    expect(ok.status, ok.stderr).to.equal(0);
    expect(ok.stdout.trim()).to.equal('demo is now admin');
    const badRole = promote('demo', 'overlord');
    expect(badRole.status).to.equal(1);
    expect(badRole.stderr.trim()).to.equal('Role must be one of: user, admin, superadmin');
    const nobody = promote('ghost', 'admin');
    expect(nobody.stderr.trim()).to.equal('No user named "ghost"');
    expect(promote().status).to.equal(2);
  });
});
