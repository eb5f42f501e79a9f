import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { BackupSchedule } from '../config.ts';
import { isUniqueViolation } from '../db/connection.ts';
import { errorFields } from '../log.ts';
import type { Kernel } from '../plugins/types.ts';
import { takeBackup, type BackupResult } from './take.ts';

const DAY_MS = 86_400_000;
/** How often a node looks whether a scheduled moment has come. */
const CHECK_MS = 20_000;
/**
 * A `running` row older than this, of a node on another host, is taken for abandoned (that node
 * crashed or was killed mid-backup); on this host a row is judged by whether its process lives.
 */
export const STALE_RUNNING_MS = 6 * 3_600_000;
/** The schedulers of this process (one per kernel: tests run several). */
const live = new Set<string>();

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
 * A moment missed while no node ran is made up for once, by the first check after a start: when the
 * schedule has run before and the latest moment has no successful backup. A row left `running` by a
 * node that died is marked `abandoned` (whose moment may then be taken again, like a failed one).
 */
export function startBackupSchedule(
  kernel: Pick<Kernel, 'config' | 'knex' | 'plugins' | 'log' | 'now'>,
): BackupScheduler {
  const { config, knex, log, now } = kernel;
  const plugins = kernel.plugins.map((p) => p.name);
  const schedule = config.backup!.schedule!;
  // A container's process is often pid 1 on every start: the random part tells this run from the last.
  const node = `${hostname().slice(0, 70)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  /** The last moment this node took or left to another; null until the first check reads the table. */
  let last: number | null = null;
  let running: Promise<unknown> | null = null;

  /** Marks `running` rows of dead nodes abandoned: they would say "running" forever. */
  const abandonStale = async () => {
    const rows: Array<{ id: number; node: string; startedAt: number }> = await knex('backupRuns')
      .where({ status: 'running' })
      .select('id', 'node', 'startedAt');
    for (const row of rows) {
      if (row.node === node || !abandoned(row.node, Number(row.startedAt), now().getTime())) continue;
      const marked = await knex('backupRuns')
        .where({ id: row.id, status: 'running', node: row.node })
        .update({ status: 'abandoned', error: 'the node taking it stopped', finishedAt: now().getTime() });
      if (marked) log.warn('a scheduled backup left running by a stopped node is marked abandoned', { node: row.node });
    }
  };

  /** The moment before the latest when that one was missed (and the schedule ran before), else the latest. */
  const lastAtStart = async (slot: number) => {
    const [latest] = await knex('backupRuns').max({ slot: 'slot' });
    if (latest?.slot === null || latest?.slot === undefined) return slot;
    const [done] = await knex('backupRuns').where({ status: 'done' }).max({ slot: 'slot' });
    return Number(done?.slot ?? 0) < slot ? slot - 1 : slot;
  };

  /** Inserts the moment's row, or takes over its failed or abandoned one; false when another node has it. */
  const claim = async (slot: number) => {
    const startedAt = now().getTime();
    try {
      await knex('backupRuns').insert({ slot, node, status: 'running', startedAt });
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const taken = await knex('backupRuns')
      .where({ slot })
      .whereIn('status', ['failed', 'abandoned'])
      .update({ node, status: 'running', startedAt, error: null, finishedAt: null });
    return taken === 1;
  };

  const tick: BackupScheduler['tick'] = async () => {
    await abandonStale();
    const slot = slotAt(schedule, now().getTime());
    last ??= await lastAtStart(slot);
    if (slot <= last) return 'not due';
    last = slot;
    if (!(await claim(slot))) return 'taken elsewhere';
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

  const check = () => {
    if (running) return;
    running = tick()
      .catch((error) => log.error('backup schedule check failed', errorFields(error)))
      .finally(() => (running = null));
  };
  const timer = setInterval(check, CHECK_MS);
  timer.unref();
  live.add(node);
  return {
    tick,
    stop: () => {
      clearInterval(timer);
      live.delete(node);
    },
  };
}

/** Whether a `running` row of `node` (host:pid:run) was left by a process that is gone. */
export function abandoned(node: string, startedAt: number, now: number): boolean {
  const [host, pid] = node.split(':');
  if (host !== hostname().slice(0, 70)) return now - startedAt > STALE_RUNNING_MS;
  // This process's pid under the name of no scheduler of it: a restart that reused the pid (pid 1 in a container).
  if (Number(pid) === process.pid) return !live.has(node);
  try {
    process.kill(Number(pid), 0);
    return now - startedAt > STALE_RUNNING_MS;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
