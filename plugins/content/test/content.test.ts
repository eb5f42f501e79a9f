import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { BLOCKS } from '../blocks.ts';

describe('content: site content blocks', () => {
  let server: TestServer;
  let admin: SignedUp, superadmin: SignedUp, user: SignedUp;
  let heroSubtitle: { id: number };
  let heroTitle: { id: number };

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'content'] });
    admin = await signUp(server, 'admin', { role: 'admin' });
    superadmin = await signUp(server, 'root', { role: 'superadmin' });
    user = await signUp(server, 'user');
  });
  after(() => server.stop());

  it('lists every block publicly, in order, with the home page’s original texts', async () => {
    const res = await server.client().get('/api/debug/content');
    expect(res.status).to.equal(200);
    expect(res.body.map((b: { key: string }) => b.key)).to.deep.equal(BLOCKS.map((b) => b.key));
    heroTitle = res.body[0];
    heroSubtitle = res.body[1];
    expect(res.body[0]).to.deep.include({
      key: 'hero_title',
      section: 'hero',
      type: 'text',
      value: 'One Track. Per Month. One Chance. Forever.',
    });
    expect(res.body[0]).to.have.all.keys('id', 'key', 'section', 'label', 'description', 'type', 'value');
    expect(new Set(res.body.map((b: { section: string }) => b.section))).to.deep.equal(
      new Set(['hero', 'mission', 'how_it_works']),
    );
  });

  it('answers a block by key, and 404 for an unknown key', async () => {
    const res = await server.client().get('/api/content/key/hero_subtitle');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ key: 'hero_subtitle', value: BLOCKS[1].value });
    expect((await server.client().get('/api/content/key/nope')).status).to.equal(404);
  });

  describe('editing', () => {
    it('answers 401 anonymous and 403 for a user who is not an admin', async () => {
      expect((await server.client().patch(`/api/content/${heroSubtitle.id}`, { value: 'Hacked' })).status).to.equal(
        401,
      );
      const res = await user.client.patch(`/api/content/${heroSubtitle.id}`, { value: 'Hacked' });
      expect(res.status).to.equal(403);
      expect((await server.client().get('/api/content/key/hero_subtitle')).body.value).to.equal(BLOCKS[1].value);
    });

    it('lets an admin and a superadmin change a value (trimmed)', async () => {
      const res = await admin.client.patch(`/api/content/${heroSubtitle.id}`, { value: '  Fans decide.  ' });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ key: 'hero_subtitle', value: 'Fans decide.' });
      expect((await server.client().get('/api/content/key/hero_subtitle')).body.value).to.equal('Fans decide.');
      expect(
        (await superadmin.client.patch(`/api/content/${heroSubtitle.id}`, { value: 'Fans decide, always.' })).status,
      ).to.equal(200);
      expect((await server.app.kernel.services.content.values()).hero_subtitle).to.equal('Fans decide, always.');
    });

    const invalid: Array<[string, unknown, string]> = [
      ['an empty value', '', 'Content cannot be empty'],
      ['a blank value', '   ', 'Content cannot be empty'],
      ['a value that is not text', 42, 'Content cannot be empty'],
      ['a paragraph over 600 characters', 'x'.repeat(601), 'Content must be at most 600 characters'],
    ];
    for (const [what, value, message] of invalid) {
      it(`refuses ${what} with 400 "${message}"`, async () => {
        const res = await admin.client.patch(`/api/content/${heroSubtitle.id}`, { value });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message });
      });
    }

    it('holds headings to 120 characters', async () => {
      const res = await admin.client.patch(`/api/content/${heroTitle.id}`, { value: 'x'.repeat(121) });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: 'This text must be at most 120 characters' });
    });

    it('answers 404 for an unknown block', async () => {
      expect((await admin.client.patch('/api/content/99999', { value: 'x' })).status).to.equal(404);
    });
  });
});
