import { expect } from 'chai';
import { openPage } from '../../../site/test/browser.ts';
import { signUp } from '../../accounts/test/fixtures.ts';
import { demoBrowserSuite, hydrated, signIn } from '../../accounts/test/browser.ts';
import { releaseDrop, settlingRunner } from '../../pledges/test/fixtures.ts';
import { BELL_POLL_MS } from '../rules.ts';

describe('notification centre in the browser', function () {
  this.timeout(60_000);
  const suite = demoBrowserSuite();

  it('shows an empty centre to a new member', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    const member = await page.request.post('/api/auth/register', {
      data: { username: 'newbie', password: 'secret123', email: 'newbie@example.com', name: 'Newbie' },
    });
    expect(member.status()).to.equal(201);
    await page.goto('/notifications');
    await page.getByTestId('notifications-empty').waitFor();
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).to.equal('Notifications');
  });

  it("counts a subscribed artist's drop in the bell, and the page lists it until read", async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    // The page's clock runs as usual, until the poll below is brought forward.
    await page.clock.install();
    await signIn(page);
    // The demo listener starts with the drops of the two artists they subscribe to.
    expect((await (await page.request.get('/api/notifications/unread-count')).json()).count).to.equal(2);
    await page.request.post('/api/notifications/read-all');

    const artist = await signUp(suite.server, 'lumen', { artist: true });
    expect(
      (await page.request.post('/api/subscriptions', { data: { artistId: artist.artist!.id } })).status(),
    ).to.equal(201);
    const trackId = await releaseDrop(artist, 'Lantern');
    await settlingRunner(suite.server).drain();

    await page.goto('/');
    await hydrated(page);
    const bell = page.getByTestId('notification-bell');
    expect(await bell.getAttribute('aria-label')).to.equal('Notifications, 1 unread');
    expect(await bell.locator('.badge').textContent()).to.equal('1');
    await bell.click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await hydrated(page);
    const item = page.getByTestId('notification-list').locator('li').first();
    expect(await item.getByRole('link').textContent()).to.equal('Unread: New drop from Lumen');
    expect(await item.textContent()).to.include('“Lantern” is out now.');
    expect(await page.locator('#notifications-count').textContent()).to.equal('1 unread notification');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.locator('#notifications-count').filter({ hasText: 'All caught up' }).waitFor();
    // The bell follows at once, and the server agrees.
    await bell.locator('.badge').waitFor({ state: 'detached' });
    expect(await bell.getAttribute('aria-label')).to.equal('Notifications');
    expect((await (await page.request.get('/api/notifications/unread-count')).json()).count).to.equal(0);
    // A notification leads to what it is about.
    await item.getByRole('link').click();
    await page.waitForURL(`**/tracks/${trackId}`);
    // On a page left open, a new message shows in the bell within its 30 s poll, without a reload.
    const demoId = (await (await page.request.get('/api/users/me')).json()).id;
    expect(
      (await artist.client.post('/api/messages', { recipientId: demoId, content: 'Thanks for listening!' })).status,
    ).to.equal(201);
    await page.clock.runFor(BELL_POLL_MS);
    await bell.locator('.badge').filter({ hasText: '1' }).waitFor();
    expect(await bell.getAttribute('aria-label')).to.equal('Notifications, 1 unread');
    expect(errors).to.deep.equal([]);
  });
});
