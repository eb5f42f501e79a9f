import type { Kernel } from '../../api/plugins/types.ts';
import { demoArtists, demoListener } from '../accounts/seed.ts';
import { User } from '../accounts/models.ts';

const DAY = 86_400_000;

/** A short exchange between the demo listener and two artists, the newest one still unread. */
export async function seedMessaging(kernel: Kernel): Promise<void> {
  const demo = await demoListener();
  const artists = await demoArtists(kernel, 2);
  const [first, second] = await Promise.all(artists.map((a) => User.query().findById(a.userId)));
  const now = kernel.now().getTime();
  const rows = [
    {
      from: demo,
      to: first,
      daysAgo: 40,
      subject: 'Your last drop',
      content: `Hi ${first!.name}, I have had your last drop on repeat all week. Thank you!`,
      isRead: true,
    },
    {
      from: first,
      to: demo,
      daysAgo: 39,
      subject: 'Re: Your last drop',
      content: 'That means a lot. The next one is even closer to the live sound, I hope you like it.',
      isRead: true,
    },
    second && {
      from: demo,
      to: second,
      daysAgo: 12,
      subject: 'Live dates?',
      content: 'Any chance you will play a show near Lisbon this year?',
      isRead: true,
    },
    second && {
      from: second,
      to: demo,
      daysAgo: 2,
      subject: 'Re: Live dates?',
      content: 'Yes! We are planning an autumn run. Subscribers hear about it first.',
      isRead: false,
    },
  ].filter((row) => !!row);
  await kernel.knex('messages').insert(
    rows.map((r) => ({
      senderId: r.from!.id,
      recipientId: r.to!.id,
      subject: r.subject,
      content: r.content,
      isRead: r.isRead,
      createdAt: now - r.daysAgo * DAY,
    })),
  );
}
