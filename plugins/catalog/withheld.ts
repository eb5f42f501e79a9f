import type { Kernel } from '../../api/plugins/types.ts';
import { anyRelease } from './queries.ts';

/**
 * The files of every track that is out for nobody (taken down, its artist suspended or deleted): /media/ answers 410
 * for them.
 */
export async function withheldTrackMedia(kernel: Kernel, columns: string[]): Promise<string[]> {
  const rows: Array<Record<string, string | null>> = await kernel
    .knex('tracks as t')
    .whereRaw(`not ${anyRelease().sql}`)
    .select(columns.map((c) => `t.${c}`));
  return rows.flatMap((row) =>
    Object.values(row).filter((url): url is string => typeof url === 'string' && url.startsWith('/media/')),
  );
}
