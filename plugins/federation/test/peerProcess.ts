import path from 'node:path';
import { freePort, startChild, waitFor, type Child } from '../../../api/test/processes.ts';

// The remote server of the tests (peer.ts) in its own process, and how a test talks to it.

export interface Peer {
  origin: string;
  handle: string;
  actorId: string;
  received(): Promise<
    Array<{
      path: string;
      activity: any;
      verified: boolean;
      digestMatches: boolean;
      keyId: string;
      signedHeaders: string;
    }>
  >;
  control(what: string, body: unknown): Promise<any>;
  stop(): Promise<void>;
}

export async function startPeer(): Promise<Peer> {
  const port = await freePort();
  const child: Child = startChild(
    process.execPath,
    [path.join(import.meta.dirname, 'peer.ts'), String(port)],
    process.env,
  );
  await waitFor('the peer to listen', () => (child.output().includes('ready') ? true : undefined), 15_000);
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    handle: `@fan@127.0.0.1:${port}`,
    actorId: `${origin}/users/fan`,
    received: async () => (await fetch(`${origin}/control/received`)).json(),
    control: async (what, body) =>
      (await fetch(`${origin}/control/${what}`, { method: 'POST', body: JSON.stringify(body) })).json(),
    stop: async () => {
      await child.stop();
    },
  };
}
