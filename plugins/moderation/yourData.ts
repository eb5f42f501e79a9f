import type { Knex } from 'knex';
import type { ExportedData, Kernel } from '../../api/plugins/types.ts';

// Moderation's part of "Your data": the reports a person filed and their appeals. Deleting the
// account keeps the reports (the moderators' record, and the audit log is never edited) without
// their reporter; the appeals, the person's own words, go.

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

export async function exportModeration(kernel: Kernel, userId: number): Promise<ExportedData> {
  const reports = await kernel
    .knex('reports')
    .where({ reporterId: userId })
    .orderBy('createdAt')
    .select('targetType', 'targetId', 'reason', 'note', 'status', 'createdAt', 'resolvedAt');
  const appeals = await kernel
    .knex('appeals')
    .where({ userId })
    .orderBy('createdAt')
    .select('trackId', 'message', 'status', 'createdAt');
  return {
    reports: reports.map((r) => ({ ...r, createdAt: iso(r.createdAt), resolvedAt: iso(r.resolvedAt) })),
    appeals: appeals.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
  };
}

export async function deleteModerationData(_kernel: Kernel, userId: number, trx: Knex.Transaction): Promise<void> {
  await trx('reports').where({ reporterId: userId }).update({ reporterId: null });
  await trx('appeals').where({ userId }).delete();
}
