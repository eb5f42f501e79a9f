import type { Knex } from 'knex';
import { userTag } from '../../api/cache/tags.ts';
import { conflict, forbidden, gone, notFound } from '../../api/errors.ts';
import { ARTIST_DELETED } from '../accounts/rules.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { plural } from '../../lib/format.ts';
import { creditsTag } from '../credits/cacheTags.ts';
import { isSettled, monthOf, shiftMonth } from '../credits/months.ts';
import type { NotificationEvent } from '../notifications/service.ts';
import type { PublicRelease } from '../releases/service.ts';
import { MONTHLY_CREDITS } from '../credits/rules.ts';
import { MESSAGES, monthName, pledgeDeadline } from './rules.ts';

export const EXPIRE_JOB = 'pledges.expire';

interface Pot {
  id: number;
  artistId: number;
  month: string;
  status: 'open' | 'converted' | 'released';
  credits: number;
}

interface PledgeRow {
  id: number;
  potId: number;
  userId: number;
  artistId: number;
  month: string;
  credits: number;
  status: string;
  createdAt: number;
}

/** One notification per fan and pot, with the fan's pledged credits summed. */
function perFan(pledges: PledgeRow[]): Array<[number, number]> {
  const sums = new Map<number, number>();
  for (const p of pledges) sums.set(Number(p.userId), (sums.get(Number(p.userId)) ?? 0) + Number(p.credits));
  return [...sums];
}

export function createPledgesService(kernel: Kernel) {
  const { knex } = kernel;
  const { credits, notifications } = kernel.services;

  /** The month's monthly drops that are public by `now` (00:00 UTC of their day when scheduled). */
  const dropsOut = (month: string, now: number) =>
    knex('tracks').where({ dropMonth: month, isMonthlyDrop: 1 }).andWhere('uploadDate', '<=', now);

  /** This month's monthly drop of the artist once it is public, else null. */
  async function dropOut(artistId: number, month: string, now: number) {
    return (await dropsOut(month, now).andWhere({ artistId }).first('id', 'title', 'uploadDate')) ?? null;
  }

  /**
   * The artist's pot of the month, made on first use outside any transaction (so concurrent first pledges never
   * deadlock on it).
   */
  async function potFor(artistId: number, month: string): Promise<Pot> {
    const existing = await knex('pledge_pots').where({ artistId, month }).first();
    if (existing) return existing;
    await knex('pledge_pots')
      .insert({ artistId, month, status: 'open', credits: 0, createdAt: kernel.now().getTime() })
      .onConflict(['artistId', 'month'])
      .ignore();
    return knex('pledge_pots').where({ artistId, month }).first();
  }

  async function artistName(db: Knex | Knex.Transaction, artistId: number): Promise<string> {
    return ((await db('artists').where({ id: artistId }).first('name'))?.name as string) ?? '';
  }

  /**
   * What a pledge or its cancellation changes: the fan's balance and pledged list, and what waits
   * for the artist, which only the artist sees (their artist page, upload screen and dashboard).
   */
  async function announcePledge(fanId: number, artistId: number): Promise<void> {
    const artist = await knex('artists').where({ id: artistId }).first('userId');
    await kernel.cache.changed([creditsTag(fanId), ...(artist ? [userTag(Number(artist.userId))] : [])]);
  }

  /**
   * Settles an open pot in one transaction: 'converted' turns every pending pledge into an
   * allocation dated at the drop, 'released' gives the credits back. The pot flips first (only
   * from open), then the pending pledges are read locked and flipped, so nothing settles twice.
   */
  async function settle(
    pot: Pot,
    outcome: 'converted' | 'released',
    drop: { trackId: number; title: string; at: number } | null,
    leaving?: Knex.Transaction,
  ): Promise<number> {
    const now = kernel.now().getTime();
    // `leaving`: the artist's account deletion, whose transaction this runs in.
    const inTransaction = <T>(work: (trx: Knex.Transaction) => Promise<T>) =>
      leaving ? work(leaving) : knex.transaction(work);
    return inTransaction(async (trx) => {
      const flipped = await trx('pledge_pots')
        .where({ id: pot.id, status: 'open' })
        .update({ status: outcome, credits: 0, settledAt: now });
      if (flipped !== 1) return 0;
      const pending: PledgeRow[] = await trx('pledges').where({ potId: pot.id, status: 'pending' }).forUpdate();
      if (pending.length === 0) return 0;
      await trx('pledges')
        .whereIn(
          'id',
          pending.map((p) => p.id),
        )
        .andWhere({ status: 'pending' })
        .update({ status: outcome, settledAt: now });
      const name = await artistName(trx, pot.artistId);
      let events: NotificationEvent[];
      if (outcome === 'converted') {
        await credits.recordAllocations(
          trx,
          pending.map((p) => ({
            userId: p.userId,
            artistId: pot.artistId,
            month: pot.month,
            credits: Number(p.credits),
            createdAt: drop!.at,
          })),
        );
        events = perFan(pending).map(([userId, sum]) => ({
          userId,
          key: `pledge-landed:${pot.id}`,
          kind: 'pledge',
          title: `Your pledge to ${name} landed`,
          body: `${plural(sum, 'credit')} went to ${name} with their ${monthName(pot.month)} drop “${drop!.title}”.`,
          link: `/tracks/${drop!.trackId}`,
        }));
      } else {
        for (const [userId, sum] of perFan(pending)) await credits.refund(trx, userId, pot.month, sum);
        events = perFan(pending).map(([userId, sum]) => ({
          userId,
          key: `pledge-released:${pot.id}`,
          kind: 'pledge',
          title: `Your pledge to ${name} was released`,
          body: leaving
            ? `${name} has left OneTrack, so ${plural(sum, 'credit')} went back to your ` +
              `balance. Allocate them before the month ends.`
            : `${name} has no ${monthName(pot.month)} drop yet, so ${plural(sum, 'credit')} ` +
              `went back to your balance. Allocate them before the month ends.`,
          link: '/credits',
        }));
      }
      await notifications.notify(trx, events);
      return pending.length;
    });
  }

  /**
   * The month of the artist's next drop, which a pledge made now goes to: this month's while it is
   * still to come and pledges for it are open, otherwise next month's.
   */
  async function nextDropMonth(artistId: number, now: Date): Promise<string> {
    const month = monthOf(now);
    if (now < pledgeDeadline(month) && !(await dropOut(artistId, month, now.getTime()))) return month;
    return shiftMonth(month, 1);
  }

  const service = {
    /**
     * Holds credits for the artist's next drop: the conditional decrement of that month's grant
     * (next month's is opened early for a pledge to next month's drop, so the credits land and come
     * back in the month they belong to), the pot's conditional increment and the pledge row, in
     * one transaction.
     */
    async pledge(userId: number, artistId: number, amount: number) {
      // The same checks the dialog's state comes from.
      const { artistName, month, closesAt, own } = await service.window(artistId, userId);
      if (own) throw forbidden(MESSAGES.ownArtist);
      const now = kernel.now();
      const deadline = new Date(closesAt).getTime();
      await credits.openGrant(userId, month);
      const pot = await potFor(artistId, month);
      const result = await knex.transaction(async (trx) => {
        const held = await trx('pledge_pots').where({ id: pot.id, status: 'open' }).increment('credits', amount);
        // The drop came out (or the month's pledges were released) since the window was read.
        if (held !== 1) throw conflict(MESSAGES.dropOut(artistName, month));
        const remaining = await credits.debit(trx, userId, month, amount);
        const [id] = await trx('pledges').insert({
          potId: pot.id,
          userId,
          artistId,
          month,
          credits: amount,
          status: 'pending',
          createdAt: now.getTime(),
        });
        // One release sweep per month, however many pledges and app nodes ask for it.
        await kernel.jobs.enqueue(trx, EXPIRE_JOB, { month }, { runAt: deadline, uniqueKey: `${EXPIRE_JOB}:${month}` });
        return {
          pledge: { id: Number(id), artistId, artistName, credits: amount, month, createdAt: now.toISOString() },
          credits: remaining,
        };
      });
      await announcePledge(userId, artistId);
      return result;
    },

    /** Gives a pending pledge back to its fan while the pot is still open (until the drop). */
    async cancel(userId: number, pledgeId: number) {
      const pledge: PledgeRow | undefined = await knex('pledges').where({ id: pledgeId }).first();
      if (!pledge || Number(pledge.userId) !== userId) throw notFound(MESSAGES.pledgeNotFound);
      if (pledge.status !== 'pending') throw conflict(MESSAGES.settled[pledge.status]);
      const now = kernel.now().getTime();
      const refunded = await knex.transaction(async (trx) => {
        const open = await trx('pledge_pots')
          .where({ id: pledge.potId, status: 'open' })
          .decrement('credits', pledge.credits);
        if (open !== 1) return false;
        const cancelled = await trx('pledges')
          .where({ id: pledgeId, status: 'pending' })
          .update({ status: 'cancelled', settledAt: now });
        if (cancelled !== 1) throw conflict(MESSAGES.settled.cancelled);
        await credits.refund(trx, userId, pledge.month, Number(pledge.credits));
        return true;
      });
      if (!refunded) {
        // The drop (or the release) got there first: say which.
        const { status } = await knex('pledges').where({ id: pledgeId }).first('status');
        throw conflict(MESSAGES.settled[status] ?? MESSAGES.settled.converted);
      }
      await announcePledge(userId, Number(pledge.artistId));
      return { credits: Number(pledge.credits) };
    },

    /** The fan's pending pledges (the vault's "pledged" list), newest first. */
    async pendingOf(userId: number) {
      kernel.cache.dependsOn([creditsTag(userId)]);
      const rows = await knex('pledges as p')
        .join('artists as a', 'a.id', 'p.artistId')
        .where({ 'p.userId': userId, 'p.status': 'pending' })
        .orderBy([
          { column: 'p.createdAt', order: 'desc' },
          { column: 'p.id', order: 'desc' },
        ])
        .select('p.id', 'p.artistId', 'a.name as artistName', 'p.credits', 'p.month', 'p.createdAt');
      return rows.map((r) => ({
        id: Number(r.id),
        artistId: Number(r.artistId),
        artistName: r.artistName as string,
        credits: Number(r.credits),
        month: r.month as string,
        createdAt: new Date(Number(r.createdAt)).toISOString(),
      }));
    },

    /** Credits held for the artist's next drop (what the artist sees). */
    async waiting(artistId: number) {
      const month = await nextDropMonth(artistId, kernel.now());
      const pot = await knex('pledge_pots').where({ artistId, month, status: 'open' }).first('credits');
      return { month, credits: Number(pot?.credits ?? 0) };
    },

    /**
     * Where a pledge to the artist made now goes (their next drop's month), when it closes, the
     * viewer's balance of that month, and whether the viewer is the artist (the dialog's state; the
     * server checks again on every pledge).
     */
    async window(artistId: number, viewerId: number | null) {
      const artist = await knex('artists as a')
        .join('users as u', 'u.id', 'a.user_id')
        .where('a.id', artistId)
        .first('a.userId', 'a.name', 'u.deletedAt');
      if (!artist) throw notFound(MESSAGES.artistNotFound);
      if (artist.deletedAt) throw gone(ARTIST_DELETED.pledge);
      const month = await nextDropMonth(artistId, kernel.now());
      if (viewerId !== null) kernel.cache.dependsOn([creditsTag(viewerId)]);
      const grant =
        viewerId === null ? null : await knex('credit_grants').where({ userId: viewerId, month }).first('remaining');
      return {
        month,
        closesAt: pledgeDeadline(month).toISOString(),
        available: grant ? Number(grant.remaining) : MONTHLY_CREDITS,
        own: Number(artist.userId) === viewerId,
        artistName: artist.name as string,
      };
    },

    /**
     * Every artist but the fan's own, each with the month of their next drop (the vault's "Pledge to the next drop").
     */
    async pledgeableArtists(userId: number) {
      const now = kernel.now();
      const month = monthOf(now);
      const out = new Set((await dropsOut(month, now.getTime()).select('artistId')).map((row) => Number(row.artistId)));
      const open = now < pledgeDeadline(month);
      // Whom a fan may pledge to is whom they may give credits to: the same choices, by name.
      const rows = await credits.artistChoices(userId);
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        month: open && !out.has(Number(r.id)) ? month : shiftMonth(month, 1),
      }));
    },

    /** Whether pledgeableArtists has anyone, for the vault's button (the page does not carry the list). */
    hasPledgeableArtists(userId: number): Promise<boolean> {
      return credits.hasArtistChoices(userId);
    },

    /** The releases.public job: a monthly drop converts its pot. */
    async onDrop(release: PublicRelease): Promise<number> {
      if (!release.isMonthlyDrop || !release.dropMonth) return 0;
      const pot = await knex('pledge_pots').where({ artistId: release.artistId, month: release.dropMonth }).first();
      if (!pot || pot.status !== 'open') return 0;
      // A drop announced after its month's statements were settled (a worker down for days) cannot add to them.
      if (isSettled(pot.month, kernel.now())) return settle(pot, 'released', null);
      return settle(pot, 'converted', { trackId: release.trackId, title: release.title, at: release.publicAt });
    },

    /**
     * A deleted account (the manifest's deleteData): its own pending pledges are cancelled (the
     * pot, then the pledge, as everywhere); as an artist, every open pot of theirs is released at
     * once, the credits back to the fans, who are told why.
     */
    async forget(userId: number, trx: Knex.Transaction): Promise<void> {
      const pending: PledgeRow[] = await trx('pledges').where({ userId, status: 'pending' });
      const now = kernel.now().getTime();
      for (const pledge of pending) {
        const open = await trx('pledge_pots')
          .where({ id: pledge.potId, status: 'open' })
          .decrement('credits', pledge.credits);
        if (open === 1)
          await trx('pledges')
            .where({ id: pledge.id, status: 'pending' })
            .update({ status: 'cancelled', settledAt: now });
      }
      const pots: Pot[] = await trx('pledge_pots')
        .whereIn('artistId', trx('artists').select('id').where({ userId }))
        .where({ status: 'open' });
      for (const pot of pots) await settle(pot, 'released', null, trx);
    },

    /** The fan's pledges, every status (their data export). */
    async exportOf(userId: number) {
      const rows = await knex('pledges as p')
        .join('artists as a', 'a.id', 'p.artistId')
        .where('p.userId', userId)
        .orderBy('p.createdAt')
        .select('p.id', 'a.name as artist', 'p.month', 'p.credits', 'p.status', 'p.createdAt', 'p.settledAt');
      const iso = (ms: unknown) => (ms === null ? null : new Date(Number(ms)).toISOString());
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        credits: Number(r.credits),
        createdAt: iso(r.createdAt),
        settledAt: iso(r.settledAt),
      }));
    },

    /**
     * The month's release sweep (its job runs at the deadline): pots of artists who have not
     * dropped go back to the fans. A drop that is out but not yet converted is converted here.
     */
    async expire(month: string): Promise<void> {
      const now = kernel.now().getTime();
      if (now < pledgeDeadline(month).getTime()) return;
      const pots: Pot[] = await knex('pledge_pots').where({ month, status: 'open' });
      for (const pot of pots) {
        const drop = await dropOut(pot.artistId, month, now);
        if (drop && !isSettled(month, kernel.now()))
          await settle(pot, 'converted', { trackId: Number(drop.id), title: drop.title, at: Number(drop.uploadDate) });
        else await settle(pot, 'released', null);
      }
    },
  };

  kernel.services.releases.onPublic(async (release) => {
    await service.onDrop(release);
  });

  return service;
}

export type PledgesService = ReturnType<typeof createPledgesService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    pledges: PledgesService;
  }
}
