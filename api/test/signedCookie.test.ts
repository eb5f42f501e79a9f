import { expect } from 'chai';
import Koa from 'koa';
import type { AddressInfo, Server } from 'node:net';
import { verifiedCookie } from '../http/signedCookie.ts';

// The helper behind the session and read-your-writes cookies, on an app that signs with its own key.
describe('a signed cookie read again and again', () => {
  let server: Server;
  let base: string;
  before(async () => {
    const koa = new Koa({ keys: ['signed-cookie-test-key'] });
    const read = verifiedCookie('seen');
    koa.use((ctx) => {
      if (ctx.path === '/set') ctx.cookies.set('seen', '42', { signed: true });
      else ctx.body = { value: read(ctx) ?? null };
    });
    server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const valueWith = async (cookie: string) =>
    ((await (await fetch(`${base}/read`, { headers: { cookie } })).json()) as { value: string | null }).value;

  it(
    'is the value while its signature is right, before and after it was ' + 'remembered; a forged one is nothing',
    async () => {
      const set = await fetch(`${base}/set`);
      const cookie = set.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const signature = /seen\.sig=([^;]+)/.exec(cookie)![1];
      const forged = `seen=42; seen.sig=${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      expect(await valueWith(forged), 'a wrong signature before any right one').to.equal(null);
      expect(await valueWith(cookie)).to.equal('42');
      expect(await valueWith(cookie), 'remembered').to.equal('42');
      expect(await valueWith(forged), 'a wrong signature of a remembered value').to.equal(null);
      expect(await valueWith(`seen=43; seen.sig=${signature}`), 'another value under the right signature').to.equal(
        null,
      );
      expect(await valueWith('seen=42'), 'no signature').to.equal(null);
    },
  );
});
