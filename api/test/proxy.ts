import { request, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestProxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * A reverse proxy hop in front of a test server, as a load balancer with `option forwardfor` is:
 * it appends the address it received the connection from to whatever X-Forwarded-For the client
 * wrote, so the app sees forged values on the left and the true one on the right.
 */
export async function startTestProxy(target: string, options: { clientAddress?: () => string } = {}): Promise<TestProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forged = req.headers['x-forwarded-for'];
    // Tests stand for clients elsewhere (other networks, IPv6) by naming the address the proxy sees.
    const client = options.clientAddress?.() ?? req.socket.remoteAddress;
    const headers = { ...req.headers, 'x-forwarded-for': [forged, client].filter(Boolean).join(', ') };
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
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
