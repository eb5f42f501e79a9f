import type Koa from 'koa';
import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open: longer than a load balancer keeps its own
 * (60 s at most by the common defaults). With Node's 5 s the server closed connections a balancer or
 * client was just reusing, and that request failed (a 502 from the balancer, ECONNRESET for a client).
 * Headers must time out after it, or Node closes such a connection by that timer instead.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Serves the app on port and host, resolved once it listens. */
export async function listen(koa: Koa, port: number, host: string): Promise<Server> {
  const server = koa.listen(port, host);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return server;
}
