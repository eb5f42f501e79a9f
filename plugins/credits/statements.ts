import type { Kernel } from '../../api/plugins/types.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { errorFields } from '../../api/log.ts';
import { forbidden, notFound } from '../../api/errors.ts';
import { Artist } from '../accounts/models.ts';
import { creditsTag } from './cacheTags.ts';
import { formatCents, formatShare } from './money.ts';
import { SETTLE_MS, isSettled, monthName, monthOf } from './months.ts';
import { MONTHLY_CREDITS } from './rules.ts';
import { plural } from '../../lib/format.ts';
import { compare, prorata, type Comparison } from './fairness.ts';
import { createFanMonths } from './fanMonths.ts';
import { readProrata, storeProrata, type StoredProrata } from './prorataStore.ts';
import { listeningTag, type ListeningSource } from './listening.ts';
import { platformCut, summarise, type FanLine } from './payouts.ts';
import { splitMonth } from './split.ts';
import { readFanLines, readStatement, storeStatement, type MonthTerms, type StoredMonth } from './statementCache.ts';

// Statements (docs/payouts.md): what one fan's fee became, what one artist earned and how, and the
// public figures of every settled month. An open month is computed from the ledger on every read;
// a settled one is computed once, stored (statementCache.ts) and read from there ever after.

export type MonthPayoutsView = StoredMonth & { month: string; final: boolean };
type LinesOf = { userId: number } | { artistId: number };

export function createStatements(kernel: Kernel, listening: () => ListeningSource | null) {
  const { knex } = kernel;
  const fanMonths = createFanMonths(knex, listening);
  const configured = (): MonthTerms => ({
    feeCents: kernel.settings.credits.monthlyFeeCents,
    platformShare: kernel.settings.credits.platformShare,
    currency: kernel.settings.credits.currency,
  });

  /** The terms a month runs on: those recorded when it began, else (a month that had no member) today's. */
  async function termsOf(month: string): Promise<MonthTerms> {
    const row = await knex('credit_month_terms').where({ month }).first();
    return row
      ? { feeCents: Number(row.feeCents), platformShare: Number(row.platformShare), currency: row.currency }
      : configured();
  }

  /** Fixes the month's terms at its first grant; later grants of the month leave them as they are. */
  async function recordTerms(month: string): Promise<void> {
    await knex('credit_month_terms')
      .insert({ month, ...configured(), createdAt: kernel.now().getTime() })
      .onConflict('month')
      .ignore();
  }

  /** The formula over the month's ledger rows, as they are now. */
  async function computeMonth(month: string): Promise<{ payouts: StoredMonth; fanLines: FanLine[] }> {
    const terms = await termsOf(month);
    // Trial grants count as paying fans: OneTrack pays an included month's fee into the pool itself.
    const [{ n, trials }] = await knex('credit_grants')
      .where({ month, voided: false })
      .select(knex.raw('COUNT(*) AS n'), knex.raw('COALESCE(SUM(CASE WHEN trial THEN 1 ELSE 0 END), 0) AS trials'));
    const fanLines = splitMonth(terms, await fanMonths.of(month, 'all'));
    return {
      payouts: { ...summarise(terms, Number(n), fanLines), currency: terms.currency, trialFans: Number(trials) },
      fanLines,
    };
  }

  /**
   * A settled month: read from the store, or computed once and stored on its first read. `lines`
   * gives the fan lines of one fan or one artist (from the computation itself when storing failed).
   */
  async function settledMonth(month: string) {
    const stored = await readStatement(knex, month);
    if (stored)
      return { payouts: { month, final: true, ...stored }, lines: (of: LinesOf) => readFanLines(knex, month, of) };
    const { payouts, fanLines } = await computeMonth(month);
    try {
      await storeStatement(knex, month, payouts, fanLines, kernel.now().getTime());
    } catch (error) {
      // A concurrent first reader stored the same figures; any other failure only costs a recomputation.
      if (!isUniqueViolation(error)) kernel.log.warn('payout statement not stored', { month, ...errorFields(error) });
    }
    // The pro-rata counterfactual is frozen at the same moment, from the same month's plays.
    await prorataOf({ month, final: true, ...payouts });
    const lines = async (of: LinesOf) =>
      fanLines.filter((l) => ('userId' in of ? l.userId === of.userId : l.artistId === of.artistId));
    return { payouts: { month, final: true, ...payouts }, lines };
  }

  /**
   * The month's terms and the fan lines of one fan or one artist: the stored ones once the month has
   * settled, otherwise split from the ledger and the listening as they are now.
   */
  async function linesOf(month: string, of: LinesOf): Promise<{ terms: MonthTerms; lines: FanLine[]; final: boolean }> {
    if (isSettled(month, kernel.now())) {
      const settled = await settledMonth(month);
      return { terms: settled.payouts, lines: await settled.lines(of), final: true };
    }
    const [terms, fans] = await Promise.all([termsOf(month), fanMonths.of(month, of)]);
    const lines = splitMonth(terms, fans).filter((l) =>
      'userId' in of ? l.userId === of.userId : l.artistId === of.artistId,
    );
    return { terms, lines, final: false };
  }

  /** A month's payouts: computed from the ledger on every read until it has settled, then stored once. */
  async function monthPayouts(month: string): Promise<MonthPayoutsView> {
    if (!isSettled(month, kernel.now())) return { month, final: false, ...(await computeMonth(month)).payouts };
    return (await settledMonth(month)).payouts;
  }

  async function artistNames(ids: number[]): Promise<Map<number, string>> {
    const rows = ids.length ? await Artist.query().findByIds(ids).select('id', 'name') : [];
    return new Map(rows.map((a) => [a.id, a.name]));
  }

  /** The month's fee, share and currency, with the per-fan cut and net they give. */
  const termsView = (terms: MonthTerms) => {
    const platformCents = platformCut(terms);
    return {
      currency: terms.currency,
      feeCents: terms.feeCents,
      platformShare: terms.platformShare,
      platformCents,
      netCents: terms.feeCents - platformCents,
    };
  };

  /**
   * One fan's statement of a month in which they were a member: their fee, the platform's cut and
   * the part of the rest each artist they chose receives, in whole cents that add up to the fee.
   */
  async function fanStatement(userId: number, month: string) {
    kernel.cache.dependsOn([creditsTag(userId), listeningTag(userId)]);
    // Together (the Credit Vault renders it on every visit). The split comes only after the grant is
    // found: for a settled month it computes and stores the month's statement, which no request for
    // a month its caller was not a member in may set off.
    const [grant, grantRows] = await Promise.all([
      knex('credit_grants')
        .where({ userId, month })
        .first('credits', 'remaining', 'trial', 'followListening', 'voided'),
      knex('credit_grants').where({ userId }).orderBy('month', 'desc').select('month'),
    ]);
    if (!grant) throw notFound(`You have no statement for ${monthName(month)}`);
    const months: string[] = grantRows.map((r: { month: string }) => r.month);
    const { terms, lines, final } = await linesOf(month, { userId });
    const names = await artistNames(lines.map((l) => l.artistId));
    const view = termsView(terms);
    const artistsCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    const allocatedCredits = lines.reduce((sum, l) => sum + l.credits, 0);
    // Taken from the month's balance without being an allocation yet: pledges waiting for their drop
    // (a landed pledge becomes an allocation of the month, a released one goes back to the balance).
    const pledgedCredits = Math.max(0, Number(grant.credits) - Number(grant.remaining) - allocatedCredits);
    return {
      month,
      final,
      months,
      ...view,
      monthlyCredits: Number(grant.credits),
      // An included first month: OneTrack paid this fee into the pool (docs/payouts.md, "Membership").
      trial: Boolean(grant.trial),
      allocatedCredits,
      pledgedCredits,
      unallocatedCredits: Math.max(0, Number(grant.credits) - allocatedCredits - pledgedCredits),
      // Whether this month's unallocated credits follow the fan's plays: their setting as it stood
      // for the month, and a plugin counting plays (docs/payouts.md, "The payout formula").
      followsListening: Boolean(grant.followListening) && listening() !== null,
      artistsCents,
      /** Of artistsCents, what followed the fan's plays (the rest went where they gave credits). */
      listeningCents: lines.reduce((sum, l) => sum + l.listeningCents, 0),
      // Neither chosen nor played: no artist is paid from this fee's net (docs/payouts.md, "Unallocated").
      unallocatedCents: lines.length || grant.voided ? 0 : view.netCents,
      // The fee came back (refund, dispute) before the month closed: these credits count for nothing.
      voided: Boolean(grant.voided),
      lines: lines
        .map((l) => ({
          artistId: l.artistId,
          name: names.get(l.artistId) ?? '',
          credits: l.credits,
          plays: l.plays,
          amountCents: l.amountCents,
          listeningCents: l.listeningCents,
        }))
        .sort((a, b) => b.amountCents - a.amountCents || a.artistId - b.artistId),
    };
  }

  /**
   * One artist's statement of a month: how many fans chose them, with how many credits, what that
   * pays and how it was computed, fan by fan (fans are numbered, never named).
   */
  async function artistStatement(userId: number, month: string) {
    const artist = await Artist.query().findOne({ userId });
    if (!artist) throw forbidden('Only artist accounts have payout statements');
    const artistId = artist.id;
    const current = monthOf(kernel.now());
    const allocated: string[] = (await knex('credit_allocations').where({ artistId }).distinct('month')).map(
      (r: { month: string }) => r.month,
    );
    const played = (await listening()?.monthsPlayed(artistId)) ?? [];
    const months = [...new Set([current, ...allocated, ...played])].sort().reverse();
    const { terms, lines, final } = await linesOf(month, { artistId });
    lines.sort((a, b) => b.amountCents - a.amountCents || b.credits - a.credits || a.fanCredits - b.fanCredits);
    const view = termsView(terms);
    const credits = lines.reduce((sum, l) => sum + l.credits, 0);
    const amountCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    const listeningCents = lines.reduce((sum, l) => sum + l.listeningCents, 0);
    const statement = {
      month,
      final,
      months,
      artist: { id: artistId, name: artist.name },
      ...view,
      fans: lines.length,
      credits,
      amountCents,
      /** From fans' credits (what they chose) and from fans' listening (credits they left unallocated). */
      creditsCents: amountCents - listeningCents,
      listeningCents,
      plays: lines.reduce((sum, l) => sum + l.plays, 0),
      lines: lines.map((l, i) => ({
        fan: i + 1,
        credits: l.credits,
        fanCredits: l.fanCredits,
        plays: l.plays,
        fanPlays: l.fanPlays,
        amountCents: l.amountCents,
        creditsCents: l.amountCents - l.listeningCents,
        listeningCents: l.listeningCents,
      })),
    };
    return { ...statement, explanation: explainArtistStatement(statement) };
  }

  /**
   * Per settled month, the figures anyone can check; kept in memory until kernel.cache says
   * otherwise or another month settles (every month before `settledBefore` has).
   */
  let published: { version: string; settledBefore: string; months: TransparencyMonth[] } | null = null;
  kernel.cache.subscribe(() => {
    published = null;
  });

  /** A settled month's pro-rata counterfactual: stored, or computed from its plays once and stored. */
  async function prorataOf(payouts: MonthPayoutsView): Promise<StoredProrata | null> {
    const { month } = payouts;
    const stored = await readProrata(knex, month);
    if (stored) return stored;
    const source = listening();
    if (!source) return null;
    // Only paying fans' plays, as in a pro-rata service: the plays its subscribers' fees pay for.
    const paying = new Set((await fanMonths.grants(month)).map((g) => g.userId));
    const plays = new Map<number, number>();
    for (const p of await source.plays(month))
      if (paying.has(p.userId)) plays.set(p.artistId, (plays.get(p.artistId) ?? 0) + p.plays);
    const poolCents = payouts.grossCents - payouts.platformCents;
    const figures = {
      plays: [...plays.values()].reduce((a, b) => a + b, 0),
      poolCents,
      amounts: prorata(poolCents, plays),
    };
    try {
      await storeProrata(knex, month, figures, plays, kernel.now().getTime());
    } catch (error) {
      if (!isUniqueViolation(error)) kernel.log.warn('pro-rata figures not stored', { month, ...errorFields(error) });
    }
    return figures;
  }

  /** OneTrack's split of a settled month beside pro-rata's from the same plays; null when no play was counted. */
  async function fairnessOf(payouts: MonthPayoutsView): Promise<MonthFairness | null> {
    const counterfactual = await prorataOf(payouts);
    if (!counterfactual || counterfactual.plays === 0) return null;
    const actual = new Map(payouts.artists.map((a) => [a.artistId, a.amountCents]));
    return {
      plays: counterfactual.plays,
      poolCents: counterfactual.poolCents,
      ...compare(actual, counterfactual.amounts),
    };
  }

  async function transparency(): Promise<TransparencyMonth[]> {
    const settledBefore = monthOf(new Date(kernel.now().getTime() - SETTLE_MS));
    const version = kernel.cache.version();
    if (published && version !== null && published.version === version && published.settledBefore === settledBefore)
      return published.months;
    const months: string[] = (
      await knex('credit_grants').where('month', '<', settledBefore).distinct('month').orderBy('month', 'desc')
    ).map((r: { month: string }) => r.month);
    const result: TransparencyMonth[] = [];
    for (const month of months) {
      const { payouts } = await settledMonth(month);
      result.push({ ...publicFigures(payouts), fairness: await fairnessOf(payouts) });
    }
    if (version !== null) published = { version, settledBefore, months: result };
    return result;
  }

  return { termsOf, recordTerms, monthPayouts, fanStatement, artistStatement, transparency };
}

/** A month's fairness figures (docs/payouts.md, "Fairness figures"). */
export type MonthFairness = Comparison & { plays: number; poolCents: number };

export interface TransparencyMonth {
  month: string;
  currency: string;
  feeCents: number;
  platformShare: number;
  payingFans: number;
  /** Of payingFans, accounts in their included first month: OneTrack paid their fee. */
  trialFans: number;
  /** payingFans who paid themselves. */
  members: number;
  grossCents: number;
  platformCents: number;
  artistsCents: number;
  unallocatedCents: number;
  artistsPaid: number;
  /**
   * The middle payout of the artists paid (the mean of the two middle ones, rounded to the cent, for an even number).
   */
  medianCents: number;
  /** What the ten best-paid artists received together, and that as a fraction of artistsCents. */
  top10Cents: number;
  top10Share: number;
  /** What followed fans' listening (unallocated credits), of artistsCents. */
  listeningCents: number;
  /** OneTrack's split beside pro-rata's from the same plays; null in a month without counted plays. */
  fairness: MonthFairness | null;
}

function publicFigures(payouts: MonthPayoutsView): Omit<TransparencyMonth, 'fairness'> {
  const paid = payouts.artists
    .map((a) => a.amountCents)
    .filter((c) => c > 0)
    .sort((a, b) => b - a);
  const middle = paid.length >> 1;
  const medianCents =
    paid.length === 0 ? 0 : paid.length % 2 ? paid[middle] : Math.round((paid[middle - 1] + paid[middle]) / 2);
  const top10Cents = paid.slice(0, 10).reduce((a, b) => a + b, 0);
  return {
    month: payouts.month,
    currency: payouts.currency,
    feeCents: payouts.feeCents,
    platformShare: payouts.platformShare,
    payingFans: payouts.payingFans,
    trialFans: payouts.trialFans,
    members: payouts.payingFans - payouts.trialFans,
    grossCents: payouts.grossCents,
    platformCents: payouts.platformCents,
    artistsCents: payouts.artistsCents,
    unallocatedCents: payouts.unallocatedCents,
    artistsPaid: paid.length,
    medianCents,
    top10Cents,
    top10Share: payouts.artistsCents ? top10Cents / payouts.artistsCents : 0,
    listeningCents: payouts.listeningCents,
  };
}

interface ArtistFigures {
  month: string;
  currency: string;
  feeCents: number;
  platformShare: number;
  platformCents: number;
  netCents: number;
  fans: number;
  credits: number;
  amountCents: number;
  creditsCents: number;
  listeningCents: number;
  lines: Array<{
    fan: number;
    credits: number;
    fanCredits: number;
    plays: number;
    fanPlays: number;
    amountCents: number;
    listeningCents: number;
  }>;
}

/** The formula in words, with the statement's own numbers. */
export function explainArtistStatement(s: ArtistFigures): string {
  const money = (cents: number) => formatCents(cents, s.currency);
  const fans = s.fans === 1 ? '1 fan' : `${s.fans} fans`;
  const terms =
    `Each fan paid ${money(s.feeCents)}; the platform keeps ` +
    `${formatShare(s.platformShare)} (${money(s.platformCents)}), ` +
    `which leaves ${money(s.netCents)} per fan. Each of a fan's ` +
    `${MONTHLY_CREDITS} credits carries an equal part of it: ` +
    'credits they gave go to the artists they chose, credits they ' +
    'left unallocated follow their own plays of 30 seconds or more ' +
    '(never of their own tracks), and a fan who played nothing ' +
    'has their whole part split over the artists they chose, ' +
    'in proportion, in whole cents (largest remainder).';
  if (s.fans === 0) return `No fan chose or played you in ${monthName(s.month)}. ${terms}`;
  const [first] = s.lines;
  const parts: string[] = [];
  if (first.credits > 0) {
    // Without plays the fan's whole net follows their credits; with plays, each credit carries 1/100 of it.
    const of = first.fanPlays ? MONTHLY_CREDITS : first.fanCredits;
    const what = first.fanPlays
      ? `of their ${MONTHLY_CREDITS} credits`
      : `of the ${first.fanCredits} credits they allocated`;
    parts.push(
      `gave you ${first.credits} ${what}: ${money(s.netCents)} × ${first.credits} ` +
        `/ ${of} ≈ ${money(first.amountCents - first.listeningCents)}`,
    );
  }
  if (first.listeningCents > 0) {
    const left = MONTHLY_CREDITS - first.fanCredits;
    parts.push(
      `played you ${plural(first.plays, 'time')} of their ${first.fanPlays} ` +
        `counted plays, which their ${left} unallocated credits followed: ` +
        `${money(s.netCents)} × ${left} / ${MONTHLY_CREDITS} × ` +
        `${first.plays} / ${first.fanPlays} ≈ ${money(first.listeningCents)}`,
    );
  }
  const example = `For example, fan 1 ${parts.join(' and ')}.`;
  const kinds = `From fans' credits: ${money(s.creditsCents)}; from fans' listening: ${money(s.listeningCents)}.`;
  const who = s.listeningCents
    ? `${fans} chose or played you (${plural(s.credits, 'credit')} given)`
    : `${fans} gave you ${plural(s.credits, 'credit')}`;
  return (
    `In ${monthName(s.month)}, ${who}. ${terms} ${example} ${kinds} Your ` +
    `${fans === '1 fan' ? 'part adds' : 'parts add'} up to ${money(s.amountCents)}.`
  );
}
