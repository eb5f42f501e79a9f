import { hostname } from 'node:os';
import type { BackupSchedule } from '../config.ts';
import { isUniqueViolation } from '../db/connection.ts';
import { errorFields } from '../log.ts';
import type { Kernel } from '../plugins/types.ts';
import { takeBackup, type BackupResult } from './take.ts';

const DAY_MS = 86_400_000;
/** How often a node looks whether a scheduled moment has come. */
const CHECK_MS = 20_000;

/** The latest scheduled moment at or before `now` (epoch ms). */
export function slotAt(schedule: BackupSchedule, now: number): number {
  if ('everyMs' in schedule) return now - (now % schedule.everyMs);
  const day = now - (now % DAY_MS);
  const minute = Math.floor((now - day) / 60_000);
  const today = schedule.times.filter((t) => t <= minute).at(-1);
  return today === undefined ? day - DAY_MS + schedule.times.at(-1)! * 60_000 : day + today * 60_000;
}

export interface BackupScheduler {
  /** Takes the backup of the current moment if it is due and no node took it: what happened. */
  tick(): Promise<'not due' | 'taken elsewhere' | BackupResult | Error>;
  stop(): void;
}

/**
 * Runs scheduled backups on one node of many: every node checks the schedule, and the first to
 * insert the moment's row in backup_runs (its slot is unique) takes it; the others see the row.
 * Moments before this node started are not made up for (a restart does not take an extra backup).
 */
export function startBackupSchedule(
  kernel: Pick<Kernel, 'config' | 'knex' | 'plugins' | 'log' | 'now'>,
): BackupScheduler {
  const { config, knex, log, now } = kernel;
  const plugins = kernel.plugins.map((p) => p.name);
  const schedule = config.backup!.schedule!;
  const node = `${hostname()}:${process.pid}`.slice(0, 100);
  const startedAt = now().getTime();
  let last = slotAt(schedule, startedAt);
  let running: Promise<unknown> | null = null;

  const tick: BackupScheduler['tick'] = async () => {
    const slot = slotAt(schedule, now().getTime());
    if (slot <= last) return 'not due';
    last = slot;
    try {
      await knex('backupRuns').insert({ slot, node, status: 'running', startedAt: now().getTime() });
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken elsewhere';
      throw error;
    }
    try {
      const result = await takeBackup(config, plugins, 'scheduled', new Date(slot));
      await knex('backupRuns')
        .where({ slot })
        .update({ status: 'done', archive: result.name, bytes: result.bytes, finishedAt: now().getTime() });
      log.info('scheduled backup taken', {
        archive: result.location,
        bytes: result.bytes,
        ms: result.durationMs,
        pruned: result.pruned,
      });
      return result;
    } catch (error) {
      await knex('backupRuns')
        .where({ slot })
        .update({
          status: 'failed',
          error: String((error as Error).message).slice(0, 2000),
          finishedAt: now().getTime(),
        })
        .catch(() => {});
      log.error('scheduled backup failed', errorFields(error));
      return error as Error;
    }
  };

  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error) => log.error('backup schedule check failed', errorFields(error)))
      .finally(() => (running = null));
  }, CHECK_MS);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
