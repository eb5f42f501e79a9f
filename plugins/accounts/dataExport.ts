import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Knex } from 'knex';
import { userTag } from '../../api/cache/tags.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { conflict, gone, notFound, tooMany } from '../../api/errors.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { EXPORT_RULES } from './rules.ts';

// "Your data": a person's export, built by a job from every enabled plugin's `exportData` hook (so
// this file names no other feature), zipped with fflate, kept in kernel.storage (local or S3) for
// EXPORT_RULES.keepMs and downloaded through an owner-only API route. Its storage key ends in .zip,
// which the kernel's /media/ route never serves (api/http/media.ts serves media types only).

export const EXPORT_JOB = 'accounts.export';
export const EXPORT_CLEANUP_JOB = 'accounts.exportCleanup';

export type ExportStatus = 'queued' | 'building' | 'ready' | 'expired' | 'failed';

export interface ExportJson {
  id: number;
  status: ExportStatus;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  /** Bytes of the archive once ready. */
  size: number | null;
  /** The owner's download route while ready. */
  downloadUrl: string | null;
}

export interface ExportsJson {
  exports: ExportJson[];
  /** When the next export may be asked for (null: now, unless one is in progress). */
  nextRequestAt: string | null;
}

/** Told, in the build's transaction, that an export is ready (notifications shows it). */
export type ExportReadyListener = (
  trx: Knex.Transaction,
  ready: { userId: number; exportId: number; expiresAt: number },
) => Promise<void>;

interface ExportRow {
  id: number;
  userId: number;
  status: ExportStatus;
  storageKey: string | null;
  size: number | null;
  createdAt: number;
  readyAt: number | null;
  expiresAt: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function toJson(row: ExportRow): ExportJson {
  return {
    id: Number(row.id),
    status: row.status,
    createdAt: iso(row.createdAt)!,
    readyAt: iso(row.readyAt),
    expiresAt: iso(row.expiresAt),
    size: row.size === null ? null : Number(row.size),
    downloadUrl: row.status === 'ready' ? `/api/users/me/exports/${row.id}/download` : null,
  };
}

const README = `Your OneTrack data, one folder per feature, each file JSON.
Times are ISO 8601 (UTC). Media links are absolute URLs of this OneTrack site.
`;

export function createDataExports(kernel: Kernel) {
  const { knex } = kernel;
  const now = () => kernel.now().getTime();
  const readyListeners: ExportReadyListener[] = [];
  const exportsOf = (db: Knex | Knex.Transaction, userId: number) => db<ExportRow>('data_exports').where({ userId });

  /** The last export that counts against the daily limit (a failed one does not). */
  const lastCounted = (db: Knex | Knex.Transaction, userId: number) =>
    exportsOf(db, userId).whereNot('status', 'failed').orderBy('createdAt', 'desc').first('createdAt');

  /** Every plugin's files, as `<plugin>/<name>.json`, plus a README. */
  async function archive(userId: number): Promise<Uint8Array> {
    const files: Zippable = { 'README.txt': strToU8(README) };
    for (const plugin of kernel.plugins) {
      if (!plugin.exportData) continue;
      const folder: Zippable = {};
      for (const [name, data] of Object.entries(await plugin.exportData(kernel, userId)))
        folder[`${name}.json`] = strToU8(JSON.stringify(data, null, 2));
      files[plugin.name] = folder;
    }
    return zipSync(files, { level: 6, mtime: kernel.now() });
  }

  const exports = {
    onReady(listener: ExportReadyListener): void {
      readyListeners.push(listener);
    },

    async list(userId: number): Promise<ExportsJson> {
      const rows = await exportsOf(knex, userId).orderBy('createdAt', 'desc').limit(5);
      const last = await lastCounted(knex, userId);
      const next = last ? Number(last.createdAt) + EXPORT_RULES.requestEveryMs : null;
      return { exports: rows.map(toJson), nextRequestAt: next !== null && next > now() ? iso(next) : null };
    },

    /** Queues an export: one in progress per account, one a day (EXPORT_RULES). */
    async request(userId: number): Promise<ExportJson> {
      const at = now();
      try {
        const id = await knex.transaction(async (trx) => {
          if (await exportsOf(trx, userId).whereNotNull('activeKey').first('id'))
            throw conflict(EXPORT_RULES.messages.inProgress);
          const last = await lastCounted(trx, userId);
          const wait = last ? Number(last.createdAt) + EXPORT_RULES.requestEveryMs - at : 0;
          if (wait > 0) throw tooMany(EXPORT_RULES.messages.tooSoon, Math.ceil(wait / 1000));
          const storageKey = `exports/${userId}/${randomBytes(16).toString('hex')}.zip`;
          const [inserted] = await trx('data_exports').insert({
            userId,
            status: 'queued',
            activeKey: userId,
            storageKey,
            createdAt: at,
          });
          const exportId = Number(inserted);
          await kernel.jobs.enqueue(trx, EXPORT_JOB, { exportId });
          return exportId;
        });
        await kernel.cache.changed([userTag(userId)]);
        return toJson((await knex<ExportRow>('data_exports').where({ id }).first())!);
      } catch (error) {
        // Another node inserted this account's export at the same moment.
        if (isUniqueViolation(error)) throw conflict(EXPORT_RULES.messages.inProgress);
        throw error;
      }
    },

    /** The job: writes the archive under the export's key (a retry overwrites it), then marks it ready. */
    async build(exportId: number): Promise<void> {
      const row = await knex<ExportRow>('data_exports')
        .where({ id: exportId })
        .whereIn('status', ['queued', 'building'])
        .first();
      if (!row?.storageKey) return;
      await knex('data_exports').where({ id: exportId }).update({ status: 'building' });
      const bytes = await archive(row.userId);
      await mkdir(kernel.storage.tempDir, { recursive: true });
      const file = path.join(kernel.storage.tempDir, `export-${randomBytes(10).toString('hex')}.zip`);
      try {
        await writeFile(file, bytes);
        await kernel.storage.putFile(row.storageKey, file, 'application/zip');
      } finally {
        await rm(file, { force: true });
      }
      const readyAt = now();
      const expiresAt = readyAt + EXPORT_RULES.keepMs;
      await knex.transaction(async (trx) => {
        await trx('data_exports')
          .where({ id: exportId })
          .update({ status: 'ready', activeKey: null, size: bytes.length, readyAt, expiresAt });
        await kernel.jobs.enqueue(
          trx,
          EXPORT_CLEANUP_JOB,
          { exportId },
          { runAt: expiresAt, uniqueKey: `${EXPORT_CLEANUP_JOB}:${exportId}` },
        );
        for (const listener of readyListeners) await listener(trx, { userId: row.userId, exportId, expiresAt });
      });
      await kernel.cache.changed([userTag(row.userId)]);
    },

    /** The job's last attempt failed: the person may ask again at once. */
    async failed(exportId: number): Promise<void> {
      await knex('data_exports')
        .where({ id: exportId })
        .whereIn('status', ['queued', 'building'])
        .update({ status: 'failed', activeKey: null });
    },

    /** The scheduled cleanup: the archive goes, the row says it expired. */
    async expire(exportId: number): Promise<void> {
      const row = await knex<ExportRow>('data_exports').where({ id: exportId }).first();
      if (!row) return;
      if (row.storageKey) await kernel.storage.delete(row.storageKey);
      await knex('data_exports')
        .where({ id: exportId })
        .update({ status: 'expired', storageKey: null, activeKey: null });
      await kernel.cache.changed([userTag(row.userId)]);
    },

    /** The storage key of the owner's ready export; 404 for anyone else's, 410 once past its 7 days. */
    async downloadKey(userId: number, exportId: number): Promise<string> {
      const row = await exportsOf(knex, userId).where({ id: exportId }).first();
      if (!row) throw notFound(EXPORT_RULES.messages.notFound);
      if (row.status === 'expired' || (row.expiresAt !== null && Number(row.expiresAt) <= now()))
        throw gone(EXPORT_RULES.messages.expired);
      if (row.status !== 'ready' || !row.storageKey) throw conflict(EXPORT_RULES.messages.notReady);
      return row.storageKey;
    },

    /**
     * A deleted account's exports go with it: the rows here, the archives' keys returned to delete after the
     * transaction.
     */
    async forget(userId: number, trx: Knex.Transaction): Promise<string[]> {
      const keys = (await exportsOf(trx, userId).whereNotNull('storageKey').select('storageKey')).map(
        (r) => r.storageKey as string,
      );
      await exportsOf(trx, userId).delete();
      return keys;
    },
  };
  return exports;
}

export type DataExports = ReturnType<typeof createDataExports>;
