import { request, createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';

export interface TestProxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * A reverse proxy hop in front of a test server, as a load balancer with `option forwardfor` is:
 * it appends the address it received the connection from to whatever X-Forwarded-For the client
 * wrote, so the app sees forged values on the left and the true one on the right.
 */
export async function startTestProxy(
  target: string,
  options: { clientAddress?: () => string } = {},
): Promise<TestProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forged = req.headers['x-forwarded-for'];
    // Tests stand for clients elsewhere (other networks, IPv6) by naming the address the proxy sees.
    const client = options.clientAddress?.() ?? req.socket.remoteAddress;
    const headers = { ...req.headers, 'x-forwarded-for': [forged, client].filter(Boolean).join(', ') };
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface HeldLine {
  url: string;
  /** Keeps what the server sends from reaching the clients (buffered, in order) until `release`. */
  hold(): void;
  release(): void;
  stop(): Promise<void>;
}

/**
 * A TCP hop in front of a server (Redis) whose answers can be held back: a slow or congested link,
 * as between a node and its Redis, where pub/sub messages arrive late and nothing fails.
 */
export async function startHeldLine(target: { host: string; port: number }): Promise<HeldLine> {
  let held = false;
  const waiting: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const server = createNetServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (held) waiting.push(() => client.write(chunk));
      else client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => (held = true),
    release() {
      held = false;
      for (const send of waiting.splice(0)) send();
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
