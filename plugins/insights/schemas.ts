import {
  MONTH,
  arrayOf,
  boolean,
  component,
  dateTime,
  integer,
  nullable,
  number,
  object,
  string,
} from '../../api/openapi/schema.ts';
import { PERIODS, PLAY_SOURCES } from './rules.ts';

/** Withheld (null) below the listener threshold, so a small audience cannot be traced. */
const guarded = nullable(integer);
const figures = { plays: guarded, listeners: guarded, reached30: guarded, completionRate: nullable(number) };

export const Dashboard = object({
  period: { enum: [...PERIODS] },
  days: arrayOf(string),
  totals: object({ ...figures, likes: integer, subscribersGained: guarded, subscribersLost: guarded }),
  series: object({
    plays: arrayOf(guarded),
    listeners: arrayOf(guarded),
    reached30: arrayOf(guarded),
    completionRate: arrayOf(nullable(number)),
  }),
  tracks: arrayOf(object({ id: integer, title: string, isMonthlyDrop: boolean, ...figures, likes: integer })),
  sources: arrayOf(object({ source: { enum: [...PLAY_SOURCES] }, label: string, plays: integer })),
  money: object({ month: MONTH, credits: integer, amountCents: integer, currency: string, final: boolean }),
  pledgesWaiting: integer,
});

export const Platform = object({
  days: arrayOf(object({ day: string, newMembers: integer, plays: integer, uploads: integer })),
  months: arrayOf(
    object({
      month: MONTH,
      members: integer,
      payingMembers: integer,
      plays: integer,
      uploads: integer,
      feesCents: integer,
      payoutsCents: integer,
      unallocatedCents: integer,
    }),
  ),
  currency: string,
});

export const PrivateLink = component(
  'PrivateLink',
  object({
    id: integer,
    token: string,
    trackId: integer,
    trackTitle: string,
    expiresOn: string,
    expiresAt: dateTime,
    revoked: boolean,
  }),
);
