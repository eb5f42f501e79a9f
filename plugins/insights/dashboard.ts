import type { Kernel } from '../../api/plugins/types.ts';
import { monthOf } from '../credits/months.ts';
import { dayOf, dayStart, dayEnd, daysBetween, lastDays } from './days.ts';
import { MIN_LISTENERS, PLAY_SOURCES, SOURCE_LABELS, type Period, type PlaySource } from './rules.ts';

/** A listener figure, or null where fewer than MIN_LISTENERS listened (shown as "fewer than 5"). */
export type Guarded = number | null;

export interface PlayFigures {
  plays: Guarded;
  listeners: Guarded;
  reached30: Guarded;
  /** Completed plays over plays, 0–1. */
  completionRate: Guarded;
}

export interface TrackFigures extends PlayFigures {
  id: number;
  title: string;
  isMonthlyDrop: boolean;
  likes: number;
}

export interface Dashboard {
  period: Period;
  days: string[];
  /** Subscribers gained and lost are people too: below MIN_LISTENERS each is withheld. */
  totals: PlayFigures & { likes: number; subscribersGained: Guarded; subscribersLost: Guarded };
  /** One value per day of `days`. */
  series: { [K in keyof PlayFigures]: Guarded[] };
  tracks: TrackFigures[];
  sources: Array<{ source: PlaySource; label: string; plays: number }>;
  money: { month: string; credits: number; amountCents: number; currency: string; final: boolean };
  pledgesWaiting: number;
}

type Row = Record<string, unknown>;

interface Sums {
  plays: number;
  listeners: number;
  reached30: number;
  completed: number;
}

/** A count of people, withheld below the threshold (who left must not be guessable). */
const guardCount = (n: number): Guarded => (n < MIN_LISTENERS ? null : n);

/** A small audience must not be traceable: below the threshold every play figure is withheld. */
function guard(sums: Sums | undefined): PlayFigures {
  if (!sums || sums.listeners < MIN_LISTENERS)
    return { plays: null, listeners: null, reached30: null, completionRate: null };
  return {
    plays: sums.plays,
    listeners: sums.listeners,
    reached30: sums.reached30,
    completionRate: sums.plays ? Math.min(1, sums.completed / sums.plays) : 0,
  };
}

export function periodDays(period: Period, now: Date): string[] {
  const today = dayOf(now.getTime());
  return period === 'month' ? daysBetween(`${monthOf(now)}-01`, today) : lastDays(today, Number(period));
}

/** The artist's dashboard, read from the rollups only (never from the play events). */
export async function dashboardOf(
  kernel: Kernel,
  userId: number,
  artistId: number,
  period: Period,
): Promise<Dashboard> {
  const { knex } = kernel;
  const now = kernel.now();
  const days = periodDays(period, now);
  const [first, last] = [days[0], days[days.length - 1]];
  const inPeriod = (table: string) => knex(table).where({ artistId }).whereBetween('day', [first, last]);
  const sums = (q: ReturnType<typeof knex>) => q.sum({ plays: 'plays', completed: 'completed' });
  const between: [number, number] = [dayStart(first), dayEnd(last) - 1];
  const toSums = (row: Record<string, unknown>): Sums => ({
    plays: Number(row.plays ?? 0),
    listeners: Number(row.listeners ?? 0),
    reached30: Number(row.reached30 ?? 0),
    completed: Number(row.completed ?? 0),
  });

  const [trackDays, artistDays, trackTotals, sourceRows, tracks, likeRows, gained, lost] = (await Promise.all([
    sums(inPeriod('play_days').select('day')).groupBy('day'),
    inPeriod('play_artist_days').select('day', 'listeners', 'reached30'),
    sums(inPeriod('play_days').select('track_id'))
      .sum({ listeners: 'listeners', reached30: 'reached30' })
      .groupBy('track_id'),
    inPeriod('play_day_sources').select('source').sum({ plays: 'plays' }).groupBy('source'),
    knex('tracks').where({ artistId }).select('id', 'title', 'is_monthly_drop').orderBy('upload_date', 'desc'),
    knex('likes as l')
      .join('tracks as t', 't.id', 'l.track_id')
      .where('t.artist_id', artistId)
      .whereBetween('l.created_at', between)
      .select('l.track_id')
      .count({ n: '*' })
      .groupBy('l.track_id'),
    // Gained: began in the period, whether or not they ended since (then they are lost too).
    knex('subscriptions').where({ artistId }).whereBetween('created_at', between).count({ n: '*' }),
    knex('subscriptions').where({ artistId, active: false }).whereBetween('ended_at', between).count({ n: '*' }),
  ])) as Row[][];

  const byDay = new Map(trackDays.map((r) => [r.day as string, r] as const));
  const listenersByDay = new Map(artistDays.map((r) => [r.day as string, r] as const));
  const daily = days.map((day) =>
    guard(byDay.has(day) ? toSums({ ...byDay.get(day), ...listenersByDay.get(day) }) : undefined),
  );
  const total = [...byDay.keys()].reduce<Sums>(
    (acc, day) => {
      const s = toSums({ ...byDay.get(day), ...listenersByDay.get(day) });
      return {
        plays: acc.plays + s.plays,
        listeners: acc.listeners + s.listeners,
        reached30: acc.reached30 + s.reached30,
        completed: acc.completed + s.completed,
      };
    },
    { plays: 0, listeners: 0, reached30: 0, completed: 0 },
  );
  const perTrack = new Map(trackTotals.map((r) => [Number(r.trackId), toSums(r)] as const));
  const likes = new Map(likeRows.map((r) => [Number(r.trackId), Number(r.n)]));
  const sourcePlays = new Map(sourceRows.map((r) => [r.source as PlaySource, Number(r.plays)]));
  // Sources are shown only when the period's audience is large enough to hide who came from where.
  const sources =
    total.listeners < MIN_LISTENERS
      ? []
      : PLAY_SOURCES.map((source) => ({
          source,
          label: SOURCE_LABELS[source],
          plays: sourcePlays.get(source) ?? 0,
        })).filter((s) => s.plays > 0);

  const month = monthOf(now);
  const statement = await kernel.services.credits.artistStatement(userId, month);
  return {
    period,
    days,
    totals: {
      ...guard(total),
      likes: [...likes.values()].reduce((a, b) => a + b, 0),
      subscribersGained: guardCount(Number(gained[0].n)),
      subscribersLost: guardCount(Number(lost[0].n)),
    },
    series: {
      plays: daily.map((d) => d.plays),
      listeners: daily.map((d) => d.listeners),
      reached30: daily.map((d) => d.reached30),
      completionRate: daily.map((d) => d.completionRate),
    },
    tracks: tracks.map((t) => ({
      id: Number(t.id),
      title: String(t.title),
      isMonthlyDrop: Boolean(t.isMonthlyDrop),
      ...guard(perTrack.get(Number(t.id))),
      likes: likes.get(Number(t.id)) ?? 0,
    })),
    sources,
    money: {
      month,
      credits: statement.credits,
      amountCents: statement.amountCents,
      currency: statement.currency,
      final: statement.final,
    },
    pledgesWaiting: (await kernel.services.pledges.waiting(artistId)).credits,
  };
}
