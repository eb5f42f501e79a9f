import { createHash, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import httpSignature from 'http-signature';

// A remote fediverse server for the tests, run as its own process on a loopback port: one Mastodon
// shaped actor (fixtures/mastodon-actor.json), its inbox and the shared inbox, WebFinger with a
// subscribe template, and a follow screen. It signs what it sends as Mastodon does (draft-cavage:
// "(request-target) host date digest content-type", rsa-sha256, with node:crypto by hand) and checks
// what it receives with the http-signature library (not Fedify) against the sender's published key,
// plus the body's Digest. The test drives it through /control/*.

const port = Number(process.argv[2]);
const origin = `http://127.0.0.1:${port}`;
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => JSON.stringify(values[key]).slice(1, -1));
const actor = JSON.parse(fill(fixture('mastodon-actor.json'), { origin, publicKeyPem }));

interface Received {
  path: string;
  activity: Record<string, unknown>;
  verified: boolean;
  digestMatches: boolean;
  keyId: string;
  signedHeaders: string;
}
const received: Received[] = [];
let inboxStatus = 202;

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

// Kept once seen, as Mastodon keeps a remote actor's key: a deleted actor's last Delete still verifies.
const keys = new Map<string, string>();

async function keyPem(keyId: string): Promise<string> {
  const known = keys.get(keyId);
  if (known) return known;
  const response = await fetch(keyId, { headers: { accept: 'application/activity+json' } });
  const document = (await response.json()) as {
    publicKey?: { publicKeyPem?: string } | Array<{ publicKeyPem?: string }>;
  };
  const key = [document.publicKey].flat()[0];
  if (key?.publicKeyPem) keys.set(keyId, key.publicKeyPem);
  return key?.publicKeyPem ?? '';
}

/** Mastodon's signature of an outgoing POST (its FEDERATION.md: HTTP Signatures, draft-cavage). */
/** `via` is where to connect (another node behind the same public address), the signed Host staying `url`'s. */
async function signedPost(url: string, activity: unknown, via?: string): Promise<number> {
  const target = new URL(url);
  const body = JSON.stringify(activity);
  const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
  const date = new Date().toUTCString();
  const contentType = 'application/activity+json';
  const signing = [
    `(request-target): post ${target.pathname}`,
    `host: ${target.host}`,
    `date: ${date}`,
    `digest: ${digest}`,
    `content-type: ${contentType}`,
  ].join('\n');
  const signature = createSign('RSA-SHA256').update(signing).sign(privateKey, 'base64');
  // node:http, not fetch: fetch sets Host from where it connects.
  const to = via ? new URL(target.pathname, via) : target;
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      to,
      {
        method: 'POST',
        headers: {
          host: target.host,
          date,
          digest,
          'content-type': contentType,
          'content-length': Buffer.byteLength(body),
          signature: [
            `keyId="${actor.publicKey.id}"`,
            'algorithm="rsa-sha256"',
            'headers="(request-target) host date digest content-type"',
            `signature="${signature}"`,
          ].join(','),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const json = (res: http.ServerResponse, status: number, value: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(value));
};

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', origin);
  if (req.method === 'GET' && url.pathname === '/users/fan') return json(res, 200, actor, 'application/activity+json');
  if (req.method === 'GET' && url.pathname === '/.well-known/webfinger') {
    if (url.searchParams.get('resource') !== `acct:fan@127.0.0.1:${port}`) return json(res, 404, {});
    return json(res, 200, {
      subject: `acct:fan@127.0.0.1:${port}`,
      links: [
        { rel: 'self', type: 'application/activity+json', href: actor.id },
        { rel: 'http://ostatus.org/schema/1.0/subscribe', template: `${origin}/authorize_interaction?uri={uri}` },
      ],
    });
  }
  if (url.pathname === '/favicon.ico') {
    res.writeHead(204);
    return res.end();
  }
  if (req.method === 'GET' && url.pathname === '/authorize_interaction') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(
      `<!doctype html><title>Follow</title><h1>Follow ${url.searchParams.get('uri')?.replace(/[<>&"]/g, '')}?</h1>`,
    );
  }
  if (req.method === 'POST' && (url.pathname === '/inbox' || url.pathname === '/users/fan/inbox')) {
    const body = await readBody(req);
    let verified = false;
    let keyId = '';
    let signedHeaders = '';
    try {
      const parsed = httpSignature.parseRequest(req, { clockSkew: 600 });
      keyId = parsed.keyId;
      signedHeaders = parsed.params.headers.join(' ');
      verified = httpSignature.verifySignature(parsed, await keyPem(keyId));
    } catch {
      // Unparseable or unverifiable: stays unverified.
    }
    const digest = String(req.headers.digest ?? '');
    const digestMatches = digest === `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
    received.push({ path: url.pathname, activity: JSON.parse(body), verified, digestMatches, keyId, signedHeaders });
    res.writeHead(inboxStatus);
    return res.end();
  }
  if (req.method === 'POST' && url.pathname.startsWith('/control/')) {
    const input = JSON.parse((await readBody(req)) || '{}');
    if (url.pathname === '/control/follow') {
      const follow = JSON.parse(
        fill(fixture('mastodon-follow.json'), { origin, uuid: randomUUID(), target: input.target }),
      );
      return json(res, 200, { status: await signedPost(input.inbox, follow, input.via), follow });
    }
    if (url.pathname === '/control/undo') {
      const undo = {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${origin}/${randomUUID()}`,
        type: 'Undo',
        actor: actor.id,
        object: input.follow,
      };
      return json(res, 200, { status: await signedPost(input.inbox, undo) });
    }
    if (url.pathname === '/control/raw') {
      // A request signed by this peer but changed after signing (a forged body).
      return json(res, 200, { status: await signedPost(input.inbox, input.activity) });
    }
    if (url.pathname === '/control/inbox-status') {
      inboxStatus = Number(input.status);
      return json(res, 200, {});
    }
  }
  if (req.method === 'GET' && url.pathname === '/control/received') return json(res, 200, received);
  json(res, 404, {});
});

server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
