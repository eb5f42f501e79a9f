import { expect } from 'chai';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, signIn } from '../../accounts/test/browser.ts';
import { startPeer, type Peer } from './peerProcess.ts';

// "Follow on the fediverse" as a visitor uses it: the artist's handle to copy, their own handle typed,
// and their server's follow screen (the peer process's) opened; a wrong handle says why on a page of
// its own (the form works without JavaScript). The artist sees their fediverse followers on the dashboard.

describe('federation in the browser', function () {
  this.timeout(60_000);
  const suite = demoBrowserSuite({ settings: { federation: { allowPrivatePeers: true } } });
  let peer: Peer;
  before(async () => {
    peer = await startPeer();
  });
  after(async () => {
    await peer?.stop();
  });

  it('sends a visitor to their server’s follow screen, and the artist sees fediverse followers', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto(`/artist/${suite.nova.id}`);
    await page.getByText('Follow on the fediverse').click();
    const host = new URL(suite.server.url).host;
    expect(await page.getByLabel('Their handle').inputValue()).to.equal(`@novaharbor@${host}`);
    await page.getByLabel('Your handle').fill('not-a-handle');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.waitForURL(/\/fediverse\/follow\?/);
    expect(await page.getByTestId('fediverse-error').textContent()).to.equal(
      'Enter your fediverse handle like @you@mastodon.social',
    );
    await page.getByLabel('Your handle').fill(peer.handle);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.waitForURL(`${peer.origin}/authorize_interaction?**`);
    expect(new URL(page.url()).searchParams.get('uri')).to.equal(`${suite.server.url}/ap/artists/${suite.nova.id}`);
    expect(await page.locator('h1').textContent()).to.equal(`Follow ${suite.server.url}/ap/artists/${suite.nova.id}?`);

    const dashboard = await openPage(suite.browser, suite.server.url);
    await signIn(dashboard.page, 'novaharbor');
    await dashboard.page.goto('/dashboard');
    const followers = dashboard.page.getByTestId('fediverse-followers');
    expect(await followers.getByTestId('fediverse-count').textContent()).to.equal('3');
    expect(await followers.locator('li').first().textContent()).to.contain('@lena@mastodon.example');
    expect([...errors, ...dashboard.errors].filter((e) => !/status of 400/.test(e))).to.deep.equal([]);
  });
});
