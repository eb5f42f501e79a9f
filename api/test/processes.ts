// Helpers for tests that run the product as real processes (a server, media workers) and the
// services they need (redis-server, a local S3 server), each on a port the system picks.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

/** The JSON lines a process logged (other output is skipped). */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output.split('\n').flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/** The address a server process logged when it started listening. */
export function listeningUrl(output: string): string | undefined {
  return logLines(output).find((line) => line.message === 'OneTrack is listening')?.url as string | undefined;
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A port that was free a moment ago (for servers that cannot be told to pick one and report it). */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** A child process whose output is kept (for its log lines and for failure messages). */
export interface Child {
  process: ChildProcess;
  output(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Child {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A redis-server of the test's own on a free port, without persistence: tests may stop and
 * restart it (the machine's shared Redis is never touched). `restart` keeps the port.
 */
export async function startRedis(
  port?: number,
): Promise<{ url: string; port: number; stop(): Promise<void>; restart(): Promise<void> }> {
  const chosen = port ?? (await freePort());
  let child: Child;
  const launch = async () => {
    child = startChild(
      'redis-server',
      ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      process.env,
    );
    await waitFor(
      `redis-server on port ${chosen}`,
      () =>
        /Ready to accept connections/.test(child.output())
          ? true
          : child.process.exitCode !== null
            ? Promise.reject(new Error(child.output()))
            : undefined,
      10_000,
    );
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async stop() {
      await child.stop('SIGKILL');
    },
    async restart() {
      await child.stop('SIGKILL');
      await launch();
    },
  };
}
