import type { Knex } from 'knex';

// The audit log: who did what to what, when and why. Rows are only ever inserted (no route or
// service updates or deletes them); the actor's name is kept as it was, so renaming or deleting
// an account does not rewrite history.

export const AUDIT_PAGE_SIZE = 50;
/** Printed for actions taken on the server's command line (npm run promote). */
export const COMMAND_LINE = 'command line';

export interface AuditEntry {
  actor: { id: number; name: string } | null;
  action: string;
  /** track, artist, message (moderation), content (a site content block), user (a role). */
  targetType: string;
  targetId: number;
  targetLabel: string;
  reason: string;
}

type Row = Record<string, unknown>;

export const auditJson = (row: Row) => ({
  id: Number(row.id),
  actorId: row.actorId == null ? null : Number(row.actorId),
  actorName: String(row.actorName),
  action: String(row.action),
  targetType: String(row.targetType),
  targetId: Number(row.targetId),
  targetLabel: String(row.targetLabel),
  reason: String(row.reason),
  createdAt: new Date(Number(row.createdAt)).toISOString(),
});

export type AuditJson = ReturnType<typeof auditJson>;

export function createAuditLog(knex: Knex, now: () => number) {
  return {
    async record(db: Knex | Knex.Transaction, entry: AuditEntry): Promise<void> {
      await db('audit_log').insert({
        actorId: entry.actor?.id ?? null,
        actorName: (entry.actor?.name ?? COMMAND_LINE).slice(0, 100),
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        targetLabel: entry.targetLabel.slice(0, 200),
        reason: entry.reason,
        createdAt: now(),
      });
    },

    /** A page of the log, newest first, with whether an older page exists. */
    async list(page = 1): Promise<{ entries: AuditJson[]; page: number; hasMore: boolean }> {
      const rows: Row[] = await knex('audit_log')
        .orderBy('id', 'desc')
        .offset((page - 1) * AUDIT_PAGE_SIZE)
        .limit(AUDIT_PAGE_SIZE + 1);
      return { entries: rows.slice(0, AUDIT_PAGE_SIZE).map(auditJson), page, hasMore: rows.length > AUDIT_PAGE_SIZE };
    },
  };
}
