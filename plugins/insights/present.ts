import type { Guarded, TrackFigures } from './dashboard.ts';
import { FEWER_THAN } from './rules.ts';

// How the dashboard writes its figures; withheld ones (fewer than 5 listeners) say so.

export const count = (v: number) => Math.round(v).toLocaleString('en-US');
export const percent = (v: number) => `${Math.round(v * 100)}\u00a0%`;
export const guarded = (v: Guarded, format: (v: number) => string = count) => (v === null ? FEWER_THAN : format(v));

export const TRACK_SORTS = ['plays', 'listeners', 'reached30', 'completionRate', 'likes', 'title'] as const;
export type TrackSort = (typeof TRACK_SORTS)[number];

/** Sorted by a column, highest first (titles A–Z); withheld figures last. */
export function sortTracks(tracks: TrackFigures[], sort: TrackSort): TrackFigures[] {
  if (sort === 'title') return [...tracks].sort((a, b) => a.title.localeCompare(b.title));
  return [...tracks].sort((a, b) => (b[sort] ?? -1) - (a[sort] ?? -1) || a.title.localeCompare(b.title));
}
