import { isbot } from 'isbot';
import { forbidden } from '../../api/errors.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import type { Viewer } from '../catalog/viewer.ts';
import { dayEnd, dayOf } from './days.ts';
import {
  MESSAGES,
  PLAY_WINDOW_MS,
  ROLLUP_EVERY_MS,
  type PlayerSource,
  type PlayEvent,
  type PlaySource,
} from './rules.ts';
import { createEventWriter } from './eventWriter.ts';
import { createSalts } from './salt.ts';
import { countMemberPlay } from './listening.ts';
import { listeningTag } from '../credits/listening.ts';

export const ROLLUP_JOB = 'insights.rollup';

export interface PlayReport {
  viewer: Viewer;
  /** The client's address as the trusted proxy saw it (ctx.ip) and its User-Agent: hashed, never kept. */
  address: string;
  userAgent: string;
  trackId: number;
  event: PlayEvent;
  source?: PlayerSource;
  /** A private link's token: the play of a track that is not public yet. */
  link?: string;
}

export type PrivateLinkResolver = (token: string) => Promise<{ trackId: number; artistId: number }>;

/**
 * Play events of every listener, members and visitors alike. Crawlers are not counted; a listener
 * counts each kind of event once per track and 30-minute window (the table's unique key decides, so
 * simultaneous reports count once on every node); 30 s, completion and skip count only after a start.
 * Rows are written in groups (eventWriter.ts), each report still learning whether it counted.
 */
export function createPlays(kernel: Kernel, resolveLink: PrivateLinkResolver) {
  const { knex } = kernel;
  const salts = createSalts(kernel);
  const events = createEventWriter(knex);
  // The rollup of today is queued once per slot; the job's unique key makes it once across nodes.
  let queuedSlot = 0;

  async function queueRollup(at: number): Promise<void> {
    const slot = Math.ceil((at + 1) / ROLLUP_EVERY_MS) * ROLLUP_EVERY_MS;
    if (slot === queuedSlot) return;
    const day = dayOf(at);
    // A minute's grace past the slot lets reports already on their way land before the count.
    await kernel.jobs.enqueue(knex, ROLLUP_JOB, { day }, { runAt: slot + 60_000, uniqueKey: `${ROLLUP_JOB}:${slot}` });
    queuedSlot = slot;
  }

  /**
   * Writes one event of a listener (`who`, hashed under the day's salt) and tells whether it counted.
   * A member's counted 30 s is also a play their unallocated credits follow (listening.ts).
   */
  async function count(
    track: { trackId: number; artistId: number },
    event: PlayEvent,
    source: PlaySource,
    who: string,
    memberId: number | null,
  ): Promise<boolean> {
    const at = kernel.now().getTime();
    const day = dayOf(at);
    const listener = await salts.listener(day, dayEnd(day), who);
    const counted = await events.write({
      ...track,
      event,
      source,
      listener,
      day,
      playWindow: Math.floor(at / PLAY_WINDOW_MS),
      at,
    });
    if (counted) await queueRollup(at);
    if (counted && event === 'thirty' && memberId !== null) {
      await kernel.services.credits.openMonth(memberId);
      await countMemberPlay(knex, memberId, track.artistId, at);
      await kernel.cache.changed([listeningTag(memberId)]);
    }
    return counted;
  }

  return {
    async record(report: PlayReport): Promise<{ counted: boolean }> {
      if (!report.userAgent || isbot(report.userAgent)) return { counted: false };
      let track: { trackId: number; artistId: number };
      let source: PlaySource = report.source ?? 'other';
      if (report.link) {
        track = await resolveLink(report.link);
        if (track.trackId !== report.trackId) throw forbidden(MESSAGES.linkGone);
        source = 'private';
      } else {
        // Only a track the listener may see is counted (404 otherwise); 'private' needs a link.
        track = {
          trackId: report.trackId,
          artistId: await kernel.services.catalog.artistOfTrack(report.trackId, report.viewer),
        };
        if (source === 'private') source = 'other';
      }
      const who =
        report.viewer.id !== null ? `member:${report.viewer.id}` : `visitor:${report.address}|${report.userAgent}`;
      return { counted: await count(track, report.event, source, who, report.viewer.id) };
    },

    /**
     * A music app's scrobble (Subsonic `submission=true`): the member played the track, source
     * "app". Apps scrobble once a track has played for half its length or 4 minutes (Last.fm's rule,
     * which they follow), so it is a start and 30 s reached; whether it ended or was skipped they do
     * not say. The member is the listener, as on the site: the same hash, the same window.
     */
    async scrobble(viewer: Viewer & { id: number }, trackId: number): Promise<{ counted: boolean }> {
      const track = { trackId, artistId: await kernel.services.catalog.artistOfTrack(trackId, viewer) };
      const who = `member:${viewer.id}`;
      const counted = await count(track, 'start', 'app', who, viewer.id);
      await count(track, 'thirty', 'app', who, viewer.id);
      return { counted };
    },
  };
}
