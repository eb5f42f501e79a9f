import type { Knex } from 'knex';
import { AppError, conflict, forbidden, invalid, notFound } from '../../api/errors.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import type { SessionUser } from '../../api/http/state.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { auditJson, createAuditLog } from './audit.ts';
import {
  ACTIONS_FOR,
  APPEAL_WINDOW_DAYS,
  MESSAGES,
  UNTIL_DECIDED,
  NOTICES_PER_HOUR,
  REPORTS_PER_HOUR,
  type ModerationAction,
  type QueueSort,
  type ReportReason,
  type TargetType,
} from './rules.ts';
import { findTargets, targetKey, trackIdOfUrl, type Target } from './targets.ts';

const DAY_MS = 86_400_000;

/**
 * What the moderation queue shows; a new report or notice announces only this (it changes no other page,
 * and a client may file one: announcing nothing would empty every node's caches each time).
 */
const REPORTS_TAG = 'reports';

export interface ReportInput {
  targetType: TargetType;
  targetId: number;
  reason: ReportReason;
  note?: string;
}

export interface NoticeInput {
  trackUrl: string;
  work: string;
  name: string;
  email: string;
  goodFaith: boolean;
}

export interface AppealInput {
  message: string;
  name?: string;
  email?: string;
  goodFaith?: boolean;
}

type Row = Record<string, unknown>;
const HOUR_MS = 3_600_000;
const iso = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());
const parse = (text: unknown) => (typeof text === 'string' ? JSON.parse(text) : null);

const reportJson = (row: Row) => ({
  id: Number(row.id),
  reporterName: (row.reporterName as string | null) ?? null,
  reason: row.reason as ReportReason,
  note: row.note as string,
  notice: parse(row.notice) as Omit<NoticeInput, 'goodFaith'> | null,
  status: row.status as string,
  createdAt: iso(row.createdAt)!,
});

const appealJson = (row: Row) => ({
  id: Number(row.id),
  trackId: Number(row.trackId),
  message: row.message as string,
  counterNotice: parse(row.counterNotice) as { name: string; email: string } | null,
  status: row.status as string,
  createdAt: iso(row.createdAt)!,
});

export type ReportJson = ReturnType<typeof reportJson>;
export type AppealJson = ReturnType<typeof appealJson>;

/**
 * Tracks that stopped or started being out for everyone through a moderator's action (a takedown,
 * a suspension of their artist, or its restore), told in the action's transaction.
 */
export type WithheldListener = (
  trx: Knex.Transaction,
  change: { artistId: number; trackIds: number[]; withheld: boolean },
) => Promise<void>;

export function createModerationService(kernel: Kernel) {
  const withheldListeners: WithheldListener[] = [];
  const { knex } = kernel;
  const now = () => kernel.now().getTime();
  // Counted by every app node together (kernel.limits), one atomic step per report.
  const reports = kernel.limits.create('reports', { points: REPORTS_PER_HOUR, windowMs: HOUR_MS });
  const notices = kernel.limits.create('copyright-notices', { points: NOTICES_PER_HOUR, windowMs: HOUR_MS });
  const audit = createAuditLog(knex, now);

  async function takeOrRefuse(limiter: typeof reports, key: string, message: string) {
    const wait = await limiter.take(key);
    if (wait > 0) throw new AppError('too_many', message, wait);
  }

  /** Items (type, id) with their reports, appeals and history, in the order given. */
  /** The items these keys name, comments through their plugin when it is enabled. */
  const targetsOf = (keys: Array<{ type: TargetType; id: number }>) =>
    findTargets(knex, keys, kernel.services.comments);

  async function withDetails(keys: Array<{ type: TargetType; id: number }>) {
    const targets = await targetsOf(keys);
    const byType = (type: TargetType) => keys.filter((k) => k.type === type).map((k) => k.id);
    const reportRows: Row[] = [];
    const historyRows: Row[] = [];
    for (const type of new Set(keys.map((k) => k.type))) {
      reportRows.push(
        ...(await knex('reports as r')
          .leftJoin('users as u', 'u.id', 'r.reporter_id')
          .where('r.target_type', type)
          .whereIn('r.target_id', byType(type))
          .select('r.*', 'u.name as reporter_name')
          .orderBy('r.id', 'desc')),
      );
      historyRows.push(
        ...(await knex('audit_log').where('targetType', type).whereIn('targetId', byType(type)).orderBy('id', 'desc')),
      );
    }
    const trackIds = byType('track');
    const appeals: Row[] = trackIds.length
      ? await knex('appeals').whereIn('trackId', trackIds).orderBy('id', 'desc')
      : [];
    const of = (rows: Row[], type: TargetType, id: number, typeKey = 'targetType', idKey = 'targetId') =>
      rows.filter((r) => r[typeKey] === type && Number(r[idKey]) === id);
    return keys.flatMap(({ type, id }) => {
      const target = targets.get(targetKey(type, id));
      if (!target) return [];
      const itemReports = of(reportRows, type, id).map(reportJson);
      return [
        {
          ...target,
          openReports: itemReports.filter((r) => r.status === 'open').length,
          reports: itemReports,
          appeals: type === 'track' ? appeals.filter((a) => Number(a.trackId) === id).map(appealJson) : [],
          history: of(historyRows, type, id).map(auditJson),
          actions: ACTIONS_FOR[type],
        },
      ];
    });
  }

  async function notifyTakedown(trx: Knex.Transaction, target: Target, reason: string, at: number) {
    await kernel.services.notifications.notify(trx, [
      {
        userId: target.ownerId,
        key: `takedown:${target.id}:${at}`,
        kind: 'moderation',
        title: `Your track “${target.label}” was taken down`,
        body: `Reason: ${reason}. You can appeal once.`,
        link: `/appeals/${target.id}`,
      },
    ]);
  }

  const service = {
    /** One open report per person and item; a person cannot report their own work or others' messages. */
    async report(reporter: SessionUser, input: ReportInput) {
      const target = (await targetsOf([{ type: input.targetType, id: input.targetId }])).get(
        targetKey(input.targetType, input.targetId),
      );
      if (!target || target.hidden) throw notFound('Nothing to report here');
      if (target.type === 'message' && target.recipientId !== reporter.id) throw forbidden(MESSAGES.notYourMessage);
      if (target.ownerId === reporter.id) throw invalid(MESSAGES.ownItem);
      const openKey = `${reporter.id}:${targetKey(target.type, target.id)}`;
      if (await knex('reports').where({ openKey }).first('id')) throw conflict(MESSAGES.alreadyReported);
      await takeOrRefuse(
        reports,
        String(reporter.id),
        'You have sent many reports in the last hour. Please wait before sending more.',
      );
      try {
        const [id] = await knex('reports').insert({
          reporterId: reporter.id,
          targetType: target.type,
          targetId: target.id,
          reason: input.reason,
          note: input.note?.trim() ?? '',
          notice: null,
          status: 'open',
          openKey,
          createdAt: now(),
        });
        await kernel.cache.changed([REPORTS_TAG]);
        return { id: Number(id), status: 'open' };
      } catch (error) {
        // The same person's second report at the same moment: the first one stands.
        if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyReported);
        throw error;
      }
    },

    /** A copyright notice from anyone (no account): a copyright report on the track, with the notice's fields. */
    async notice(address: string, input: NoticeInput) {
      if (input.goodFaith !== true) throw invalid(MESSAGES.goodFaith);
      const trackId = trackIdOfUrl(input.trackUrl);
      const track = trackId
        ? (await targetsOf([{ type: 'track', id: trackId }])).get(targetKey('track', trackId))
        : undefined;
      if (!track) throw invalid(MESSAGES.noTrackAtUrl);
      await takeOrRefuse(notices, address, 'Too many notices from your address. Please try again in an hour.');
      const fields = {
        trackUrl: input.trackUrl.trim(),
        work: input.work.trim(),
        name: input.name.trim(),
        email: input.email.trim(),
      };
      const [id] = await knex('reports').insert({
        reporterId: null,
        targetType: 'track',
        targetId: track.id,
        reason: 'copyright',
        note: fields.work,
        notice: JSON.stringify(fields),
        status: 'open',
        openKey: null,
        createdAt: now(),
      });
      await kernel.cache.changed([REPORTS_TAG]);
      return { id: Number(id), status: 'open' };
    },

    /**
     * The queue: items with open reports or an open appeal, newest or most reported first; `all` adds resolved ones.
     */
    async queue(options: { sort: QueueSort; view: 'open' | 'all' }) {
      const open = options.view === 'open';
      kernel.cache.dependsOn([REPORTS_TAG]);
      const reportGroups: Row[] = await knex('reports')
        .modify((q) => (open ? q.where('status', 'open') : q))
        .groupBy('targetType', 'targetId')
        .select(
          'targetType',
          'targetId',
          knex.raw(`sum(case when status = 'open' then 1 else 0 end) as open_count`),
          knex.raw('max(created_at) as last_at'),
        );
      const appealRows: Row[] = await knex('appeals')
        .modify((q) => (open ? q.where('status', 'open') : q))
        .select('trackId', 'createdAt');
      const items = new Map<string, { type: TargetType; id: number; openCount: number; lastAt: number }>();
      for (const row of reportGroups) {
        const type = row.targetType as TargetType;
        items.set(targetKey(type, Number(row.targetId)), {
          type,
          id: Number(row.targetId),
          openCount: Number(row.openCount),
          lastAt: Number(row.lastAt),
        });
      }
      for (const row of appealRows) {
        const key = targetKey('track', Number(row.trackId));
        const item = items.get(key) ?? { type: 'track' as const, id: Number(row.trackId), openCount: 0, lastAt: 0 };
        items.set(key, { ...item, lastAt: Math.max(item.lastAt, Number(row.createdAt)) });
      }
      const ordered = [...items.values()].sort(
        (a, b) => (options.sort === 'most' ? b.openCount - a.openCount : 0) || b.lastAt - a.lastAt || b.id - a.id,
      );
      return withDetails(ordered.slice(0, 100));
    },

    async item(type: TargetType, id: number) {
      const [item] = await withDetails([{ type, id }]);
      if (!item) throw notFound('Item not found');
      return item;
    },

    /** A moderator's action on an item, with its reason: recorded in the audit log in the same transaction. */
    async act(actor: SessionUser, type: TargetType, id: number, action: ModerationAction, reason: string) {
      if (!ACTIONS_FOR[type].includes(action)) throw invalid(MESSAGES.notAllowed(action, type));
      const target = (await targetsOf([{ type, id }])).get(targetKey(type, id));
      if (!target) throw notFound('Item not found');
      const why = reason.trim();
      const at = now();
      const ownerId = target.ownerId;
      const resolve = (trx: Knex.Transaction, status: string) =>
        trx('reports')
          .where({ targetType: type, targetId: id, status: 'open' })
          .update({ status, openKey: null, resolvedAt: at });
      await knex.transaction(async (trx) => {
        if (action === 'dismiss') {
          const dismissed = await resolve(trx, 'dismissed');
          const denied =
            type === 'track'
              ? await trx('appeals').where({ trackId: id, status: 'open' }).update({ status: 'denied' })
              : 0;
          // The appeal rejected: from now on the takedown counts on the artist's record.
          if (denied) await trx('tracks').where({ id }).update({ recordWithheldUntil: null });
          if (!dismissed && !denied) throw invalid(MESSAGES.nothingOpen);
        } else if (action === 'hide') {
          if (type === 'comment') await kernel.services.comments.moderate(trx, id, true);
          else if (!target.hidden) {
            await trx('tracks')
              .where({ id })
              .update({ hiddenAt: at, hiddenReason: why, recordWithheldUntil: at + APPEAL_WINDOW_DAYS * DAY_MS });
            await notifyTakedown(trx, target, why, at);
            await tellWithheld(trx, { trackIds: [id], withheld: true });
          }
          await resolve(trx, 'actioned');
        } else if (action === 'suspend') {
          if (ownerId === actor.id) throw invalid(MESSAGES.selfSuspend);
          // An admin cannot lock out another admin; only a superadmin can.
          const owner = await trx('users').where({ id: ownerId }).first('role');
          if (owner?.role !== 'user' && actor.role !== 'superadmin') throw forbidden(MESSAGES.adminSuspend);
          // Its sessions read as signed out from now on (accounts' sessionUser), on every node:
          // this write empties the session caches through kernel.cache.
          const suspended = await trx('users')
            .where({ id: ownerId })
            .whereNull('suspendedAt')
            .update({ suspendedAt: at, suspensionReason: why });
          if (suspended) await tellWithheld(trx, { ownerId, withheld: true });
          await resolve(trx, 'actioned');
        } else {
          const unhidden =
            type === 'track'
              ? await trx('tracks')
                  .where({ id })
                  .whereNotNull('hiddenAt')
                  .update({ hiddenAt: null, hiddenReason: null, recordWithheldUntil: null })
              : type === 'comment'
                ? await kernel.services.comments.moderate(trx, id, false)
                : 0;
          const lifted = await trx('users')
            .where({ id: ownerId })
            .whereNotNull('suspendedAt')
            .update({ suspendedAt: null, suspensionReason: null });
          if (!unhidden && !lifted) throw invalid(MESSAGES.nothingToRestore);
          if (lifted) await tellWithheld(trx, { ownerId, withheld: false });
          else if (type === 'track') await tellWithheld(trx, { trackIds: [id], withheld: false });
          if (type === 'track')
            await trx('appeals').where({ trackId: id, status: 'open' }).update({ status: 'granted' });
        }
        await audit.record(trx, {
          actor,
          action,
          targetType: type,
          targetId: id,
          targetLabel: target.label,
          reason: why,
        });
      });
      return service.item(type, id);
    },

    /** What the artist of a taken-down track sees on its appeal page; null when it is not theirs or not taken down. */
    async takedown(user: SessionUser, trackId: number) {
      const target = (await targetsOf([{ type: 'track', id: trackId }])).get(targetKey('track', trackId));
      if (!target || target.ownerId !== user.id || !target.hidden) return null;
      const row = await knex('tracks').where({ id: trackId }).first('hiddenReason', 'hiddenAt');
      const copyright = Boolean(
        await knex('reports')
          .where({ targetType: 'track', targetId: trackId, reason: 'copyright', status: 'actioned' })
          .first('id'),
      );
      const appeal = await knex('appeals').where({ trackId, userId: user.id }).first();
      return {
        trackId,
        title: target.label,
        reason: row.hiddenReason as string,
        hiddenAt: iso(row.hiddenAt)!,
        copyright,
        appeal: appeal ? appealJson(appeal) : null,
      };
    },

    /** The artist appeals a takedown once; for a copyright takedown the appeal is a counter-notice. */
    async appeal(user: SessionUser, trackId: number, input: AppealInput) {
      const target = (await targetsOf([{ type: 'track', id: trackId }])).get(targetKey('track', trackId));
      if (!target) throw notFound('Track not found');
      if (target.ownerId !== user.id) throw forbidden(MESSAGES.notYourTrack);
      if (!target.hidden) throw invalid(MESSAGES.notHidden);
      const facts = (await service.takedown(user, trackId))!;
      if (facts.appeal) throw conflict(MESSAGES.alreadyAppealed);
      const counter = facts.copyright
        ? { name: input.name?.trim() ?? '', email: input.email?.trim() ?? '', goodFaith: input.goodFaith === true }
        : null;
      if (counter && (!counter.name || !counter.email || !counter.goodFaith)) throw invalid(MESSAGES.counterNotice);
      try {
        await knex.transaction(async (trx) => {
          await trx('appeals').insert({
            trackId,
            userId: user.id,
            message: input.message.trim(),
            counterNotice: counter ? JSON.stringify({ name: counter.name, email: counter.email }) : null,
            status: 'open',
            createdAt: now(),
          });
          // Under appeal, the drop stays on the artist's record (as withheld) until a moderator decides.
          await trx('tracks').where({ id: trackId }).update({ recordWithheldUntil: UNTIL_DECIDED });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyAppealed);
        throw error;
      }
      return (await service.takedown(user, trackId))!;
    },

    /** The audit log, newest first, a page of 50. */
    auditLog: audit.list,

    /**
     * Lets a plugin follow tracks out of and back into public view (federation's Deletes), in the action's transaction.
     */
    onWithheld(listener: WithheldListener): void {
      withheldListeners.push(listener);
    },
  };

  /** The tracks named (a takedown) or all of an owner's artist's (a suspension), to each listener. */
  async function tellWithheld(
    trx: Knex.Transaction,
    change: { trackIds?: number[]; ownerId?: number; withheld: boolean },
  ): Promise<void> {
    if (!withheldListeners.length) return;
    const rows: Array<{ id: number; artistId: number }> = change.trackIds
      ? await trx('tracks').whereIn('id', change.trackIds).select('id', 'artistId')
      : await trx('tracks as t')
          .join('artists as a', 'a.id', 't.artistId')
          .where('a.userId', change.ownerId!)
          .whereNull('t.hiddenAt')
          .select('t.id', 't.artistId');
    if (!rows.length) return;
    const artistId = Number(rows[0].artistId);
    const trackIds = rows.map((r) => Number(r.id));
    for (const listener of withheldListeners) await listener(trx, { artistId, trackIds, withheld: change.withheld });
  }

  // Every admin action outside this feature is recorded too, in the change's own transaction.
  kernel.services.content.onEdited(async (trx, { actorId, block, previous }) => {
    const actor = await trx('users').where({ id: actorId }).first('id', 'name');
    await audit.record(trx, {
      actor: actor ? { id: Number(actor.id), name: actor.name } : null,
      action: 'edit-content',
      targetType: 'content',
      targetId: block.id,
      targetLabel: block.label,
      reason: `“${previous}” → “${block.value}”`,
    });
  });
  kernel.services.accounts.onRoleChanged(async (trx, { actor, user, previousRole }) => {
    await audit.record(trx, {
      actor,
      action: 'set-role',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.username,
      reason: `${previousRole} → ${user.role}`,
    });
  });

  return service;
}

export type ModerationService = ReturnType<typeof createModerationService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    moderation: ModerationService;
  }
}
