import type { Kernel } from '../../api/plugins/types.ts';
import { demoListener } from '../accounts/seed.ts';

/**
 * The demo listener's bell: this month's drops of the artists they subscribe to, as the drop job would have told them.
 */
export async function seedNotifications(kernel: Kernel): Promise<void> {
  const demo = await demoListener();
  const drops = await kernel
    .knex('tracks as t')
    .join('subscriptions as s', 's.artistId', 't.artistId')
    .join('artists as a', 'a.id', 't.artistId')
    .where({ 's.userId': demo.id, 's.active': 1, 't.isMonthlyDrop': 1 })
    .andWhere('t.uploadDate', '<=', kernel.now().getTime())
    .orderBy('t.uploadDate', 'desc')
    .limit(2)
    .select('t.id', 't.title', 'a.name');
  await kernel.services.notifications.notify(
    kernel.knex,
    drops.map((d) => ({
      userId: demo.id,
      key: `drop:${d.id}`,
      kind: 'drop' as const,
      title: { key: 'notif_drop_title', values: { name: d.name } },
      body: { key: 'notif_drop_body', values: { title: d.title } },
      link: `/tracks/${d.id}`,
    })),
  );
}
