import type { Kernel } from '../../api/plugins/types.ts';
import { creditsTag } from './cacheTags.ts';
import { monthOf } from './months.ts';

// A fan's choice that their unallocated credits follow their listening (the default) or not
// (docs/payouts.md, "The payout formula"). The choice is also written on the month's grant, which
// the split reads: a month's input is then fixed when it ends, and a change after midnight applies
// to the new month only. A grant made later takes the choice as it stands.

export function createListeningPreference(kernel: Kernel, available: () => boolean) {
  const { knex } = kernel;

  /** Whether the fan keeps the fallback (default: yes). */
  async function follows(userId: number): Promise<boolean> {
    const row = await knex('credit_preferences').where({ userId }).first('followListening');
    return row ? Boolean(row.followListening) : true;
  }

  /** What Settings shows: the choice, and whether anything counts plays here at all. */
  async function view(userId: number) {
    kernel.cache.dependsOn([creditsTag(userId)]);
    return { followListening: await follows(userId), available: available() };
  }

  /** Sets the choice for this month (if it has begun for the fan) and the months after it. */
  async function set(userId: number, followListening: boolean) {
    const changed = (await follows(userId)) !== followListening;
    if (changed) {
      const updatedAt = kernel.now().getTime();
      await knex.transaction(async (trx) => {
        await trx('credit_preferences')
          .insert({ userId, followListening, updatedAt })
          .onConflict('userId')
          .merge(['followListening', 'updatedAt']);
        await trx('credit_grants')
          .where({ userId, month: monthOf(kernel.now()) })
          .update({ followListening });
      });
    }
    await kernel.cache.changed(changed ? [creditsTag(userId)] : []);
    return view(userId);
  }

  return { follows, view, set };
}
