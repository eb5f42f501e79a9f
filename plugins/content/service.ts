import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import { cachedReads } from '../../api/cache.ts';
import { invalid, notFound } from '../../api/errors.ts';
import { inReadersLanguage } from './localized.ts';
import { DEFAULT_VALUES } from './blocks.ts';
import { ContentBlock, type ContentBlockJSON } from './models.ts';
import { MAX_LENGTH, tooLong } from './rules.ts';

/** Every page or answer that shows a block depends on this one tag; only an edit announces it. */
const CONTENT_TAG = 'content';

/** A block just edited, for listeners (moderation's audit log) that act in the same transaction. */
export type EditedListener = (
  trx: Knex.Transaction,
  edit: { actorId: number; block: ContentBlockJSON; previous: string },
) => Promise<void>;

export function createContentService(kernel: Kernel) {
  const read = () => kernel.cache.dependsOn([CONTENT_TAG]);
  // The home page's three parts each ask for them on every render; only an edit changes them.
  const blocks = cachedReads<Array<{ key: string; value: string }>>(kernel.cache, {
    now: () => kernel.now().getTime(),
  });
  const editedListeners: EditedListener[] = [];
  const service = {
    async list() {
      read();
      return (await ContentBlock.query().orderBy('position')).map((b) => b.toPublic());
    },

    async byKey(key: string) {
      read();
      const block = await ContentBlock.query().findOne({ key });
      if (!block) throw notFound('Content not found');
      return { key: block.key, value: block.value };
    },

    /** Every block's current value by key, over the defaults: what the home page renders. */
    async values(): Promise<Record<string, string>> {
      read();
      const rows =
        (await blocks.get(
          'values',
          async () => (await ContentBlock.query().select('key', 'value')).map(({ key, value }) => ({ key, value })),
          [CONTENT_TAG],
        )) ?? [];
      return { ...DEFAULT_VALUES, ...Object.fromEntries(rows.map((r) => [r.key, r.value])) };
    },

    /** The values as the current reader reads them (localized.ts): for pages of other plugins. */
    async readerValues(): Promise<Record<string, string>> {
      return inReadersLanguage(await service.values());
    },

    async update(id: number, value: string, actorId: number) {
      const block = await ContentBlock.query().findById(id);
      if (!block) throw notFound('Content block not found');
      const trimmed = value.trim();
      if (trimmed.length > MAX_LENGTH[block.type]) throw invalid(tooLong(block.type));
      const previous = block.value;
      const updated = await kernel.knex.transaction(async (trx) => {
        const edited = (
          await block
            .$query(trx)
            .patchAndFetch({ value: trimmed, updatedAt: kernel.now().getTime(), updatedBy: actorId })
        ).toPublic();
        for (const listener of editedListeners) await listener(trx, { actorId, block: edited, previous });
        return edited;
      });
      await kernel.cache.changed([CONTENT_TAG]);
      return updated;
    },

    /** Other plugins act on every edit, inside its transaction (a failure keeps it unsaved). */
    onEdited(listener: EditedListener): void {
      editedListeners.push(listener);
    },
  };
  return service;
}

export type ContentService = ReturnType<typeof createContentService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    content: ContentService;
  }
}
