import { expect } from 'chai';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn, toastSaying } from '../../accounts/test/browser.ts';

describe('messages in the browser', () => {
  const suite = demoBrowserSuite();

  it(
    'sends a message from the artist page; the artist sees the badge, reads it and ' +
      'replies; the fan’s badge follows within 30 s',
    async () => {
      const fan = await openPage(suite.browser, suite.server.url);
      await fan.page.clock.install();
      await signIn(fan.page);
      await fan.page.goto(`/artist/${suite.nova.id}`);
      await hydrated(fan.page);
      const fanBadge = fan.page.getByRole('link', { name: /^Messages, \d+ unread$/ });
      expect(await fanBadge.getAttribute('aria-label')).to.equal('Messages, 1 unread');

      await fan.page.getByRole('button', { name: 'Message', exact: true }).click();
      const dialog = fan.page.getByRole('dialog', { name: 'Message Nova Harbor' });
      await dialog.getByLabel('Your message').fill('   ');
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await toastSaying(fan.page, 'Please write a message');
      await dialog.getByLabel('Your message').fill('Tidal Lights is the song of my summer.');
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await toastSaying(fan.page, 'Your message has been sent to Nova Harbor');
      await dialog.waitFor({ state: 'detached' });

      const artist = await openPage(suite.browser, suite.server.url);
      await signIn(artist.page, 'novaharbor');
      await artist.page.goto('/messages');
      await hydrated(artist.page);
      const sidebarBadge = artist.page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByLabel('1 unread message', { exact: true });
      await sidebarBadge.waitFor();
      await artist.page.getByRole('button', { name: /Demo Listener/ }).click();
      const thread = artist.page.getByRole('region', { name: 'Conversation with Demo Listener' });
      await thread.getByText('Tidal Lights is the song of my summer.').waitFor();
      // Opening marks it read: the badges clear without a reload, and the server agrees.
      await sidebarBadge.waitFor({ state: 'detached' });
      expect((await artist.page.request.get('/api/messages/unread-count').then((r) => r.json())).count).to.equal(0);

      const received = thread.getByRole('listitem').filter({ hasText: 'Tidal Lights is the song of my summer.' });
      await received.getByRole('button', { name: 'Reply' }).click();
      const reply = thread.getByRole('form', { name: 'Reply to Demo Listener' });
      // The fan's message had no subject, so neither has the reply (it was a bare "Re:").
      expect(await reply.textContent()).not.to.include('Subject');
      await reply.getByLabel('Your reply').fill('Thank you! The next drop is for you.');
      await reply.getByRole('button', { name: 'Send Reply' }).click();
      await toastSaying(artist.page, 'Reply sent');
      await thread.getByText('Thank you! The next drop is for you.').waitFor();
      expect(await thread.getByText('Re:', { exact: true }).count(), 'no bare "Re:" subject line').to.equal(0);
      const preview = artist.page.locator('.inbox-item').filter({ hasText: 'Demo Listener' }).locator('.inbox-preview');
      expect(await preview.textContent()).to.equal('Thank you! The next drop is for you.');
      // Nobody replies to their own message.
      expect(
        await thread
          .getByRole('listitem')
          .filter({ hasText: 'Thank you! The next drop' })
          .getByRole('button', { name: 'Reply' })
          .count(),
      ).to.equal(0);

      // The fan's page polls: after 30 s the top-bar badge counts the reply too.
      await fan.page.clock.fastForward(31_000);
      await fan.page.getByRole('link', { name: 'Messages, 2 unread' }).waitFor();
      expect(fan.errors).to.deep.equal([]);
      expect(artist.errors).to.deep.equal([]);
    },
  );

  it(
    'stops a long message at the limit in the dialog, and offers no message to ' + 'oneself (the server refuses one)',
    async () => {
      const fan = await openPage(suite.browser, suite.server.url);
      await signIn(fan.page);
      await fan.page.goto(`/artist/${suite.nova.id}`);
      await hydrated(fan.page);
      await fan.page.getByRole('button', { name: 'Message', exact: true }).click();
      const dialog = fan.page.getByRole('dialog', { name: 'Message Nova Harbor' });
      // A long paste stops at the limit in the field, and the counter says so (nothing is cut on send).
      const box = dialog.getByLabel('Your message');
      await box.focus();
      await fan.page.keyboard.insertText('x'.repeat(6000));
      expect((await box.inputValue()).length).to.equal(2000);
      const counter = dialog.getByTestId('char-count');
      expect(await counter.textContent()).to.include('2,000 / 2,000');
      expect(await counter.textContent()).to.include('Limit of 2,000 characters reached');
      await box.fill('Hello Nova');
      expect(await counter.textContent()).to.include('10 / 2,000');

      // Her own page shows her what fans see, with her own actions: no Message to herself.
      const { page } = await openPage(suite.browser, suite.server.url);
      await signIn(page, 'novaharbor');
      await page.goto(`/artist/${suite.nova.id}`);
      await hydrated(page);
      expect(await page.getByRole('button', { name: 'Message', exact: true }).count()).to.equal(0);
      const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
      const self = await page.request.post('/api/messages', { data: { recipientId: me.id, content: 'Hello me' } });
      expect([self.status(), (await self.json()).message]).to.deep.equal([400, 'You cannot send messages to yourself']);
    },
  );
});
