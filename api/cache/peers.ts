import { mkdirSync, unlinkSync } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../log.ts';

/**
 * The processes of one data folder without Redis (a node, the command-line tools, `npm run worker`)
 * tell each other their invalidations over Unix sockets in DATA_DIR/run: every serving process
 * listens on one (`<pid>-<random>.sock`), and a process that invalidates sends its tags to every
 * socket of another process there and waits until each has applied them. So `npm run promote`
 * returns only once the running node has dropped what it kept of that user. Threads of one process
 * hear each other through the bus's BroadcastChannel, so a process skips its own sockets. A socket
 * nobody answers on is left over by a process that died, and is removed.
 */
export interface CachePeers {
  /** Sends `tags` to every other process of the folder; resolves once each applied them (or after `timeoutMs`). */
  send(tags: Iterable<string>): Promise<void>;
  /** Starts answering on a socket of this process: `apply` runs for every invalidation another one sends. */
  listen(apply: (tags: string[]) => void): void;
  close(): Promise<void>;
}

const TIMEOUT_MS = 2000;
/** A Unix socket's path is limited to about 107 bytes (Linux). */
const MAX_SOCKET_PATH = 100;

export function cachePeers(dataDir: string, identity: string, log?: Logger): CachePeers {
  const dir = path.join(dataDir, 'run');
  const own = `${process.pid}-`;
  let server: net.Server | null = null;
  let socketPath: string | null = null;

  const sendTo = (file: string, message: string) =>
    new Promise<void>((resolve) => {
      const socket = net.createConnection(file);
      const done = () => {
        clearTimeout(timer);
        socket.destroy();
        resolve();
      };
      const timer = setTimeout(() => {
        log?.warn('a process of this data folder did not confirm an invalidation in time', { socket: file });
        done();
      }, TIMEOUT_MS);
      socket.on('connect', () => socket.end(message));
      socket.on('data', done);
      socket.on('error', (error: NodeJS.ErrnoException) => {
        // Nobody listens there any more: a process that died without removing its socket.
        if (error.code === 'ECONNREFUSED') void unlink(file).catch(() => {});
        done();
      });
    });

  return {
    async send(tags) {
      let files: string[];
      try {
        files = await readdir(dir);
      } catch {
        return;
      }
      const peers = files.filter((file) => file.endsWith('.sock') && !file.startsWith(own));
      if (!peers.length) return;
      const message = `${JSON.stringify({ identity, tags: [...tags] })}\n`;
      await Promise.all(peers.map((file) => sendTo(path.join(dir, file), message)));
    },

    listen(apply) {
      if (server) return;
      const file = path.join(dir, `${own}${randomBytes(4).toString('hex')}.sock`);
      if (file.length > MAX_SOCKET_PATH) {
        log?.warn(
          'DATA_DIR is too long a path for a socket: command-line changes reach this node only as its caches age',
          {
            dataDir,
          },
        );
        return;
      }
      mkdirSync(dir, { recursive: true });
      server = net.createServer((socket) => {
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (received += chunk));
        socket.on('end', () => {
          try {
            const message = JSON.parse(received) as { identity: string; tags: string[] };
            // Another database's processes may share the folder (tests): not ours to drop.
            if (message.identity === identity) apply(message.tags);
          } catch {
            // Not one of ours: answered all the same, so the sender does not wait.
          }
          socket.end('ok\n');
        });
        socket.on('error', () => {});
      });
      server.on('error', (error) =>
        log?.warn('cannot listen for command-line invalidations', { error: error.message }),
      );
      server.listen(file);
      server.unref();
      socketPath = file;
    },

    async close() {
      if (!server) return;
      const closing = server;
      server = null;
      await new Promise<void>((resolve) => closing.close(() => resolve()));
      try {
        if (socketPath) unlinkSync(socketPath);
      } catch {
        // Removed already (close removes a listening socket's file on most systems).
      }
    },
  };
}
