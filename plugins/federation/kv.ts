import { createHash } from 'node:crypto';
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { Knex } from 'knex';

// Fedify's key–value store (remote documents and keys it cached, inbox idempotence) in one table of
// this plugin, so every node shares it. A key is stored as its JSON and found by its hash; a prefix
// lists with LIKE on the JSON, whose opening is the prefix's own JSON without its closing bracket.

const TABLE = 'federation_kv';

const hashOf = (json: string) => createHash('sha256').update(json).digest('hex');
const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

export class KnexKvStore implements KvStore {
  readonly #knex: Knex;
  readonly #now: () => number;

  constructor(knex: Knex, now: () => number) {
    this.#knex = knex;
    this.#now = now;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.#knex(TABLE)
      .where({ keyHash: hashOf(JSON.stringify(key)) })
      .first('value', 'expiresAt');
    if (!row || (row.expiresAt !== null && Number(row.expiresAt) <= this.#now())) return undefined;
    return JSON.parse(row.value) as T;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const json = JSON.stringify(key);
    const ttl = options?.ttl ? Math.round(options.ttl.total({ unit: 'millisecond' })) : null;
    await this.#knex(TABLE)
      .insert({
        keyHash: hashOf(json),
        kvKey: json,
        value: JSON.stringify(value),
        expiresAt: ttl === null ? null : this.#now() + ttl,
      })
      .onConflict('keyHash')
      .merge(['value', 'expiresAt']);
  }

  async delete(key: KvKey): Promise<void> {
    await this.#knex(TABLE)
      .where({ keyHash: hashOf(JSON.stringify(key)) })
      .delete();
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const query = this.#knex(TABLE).select('kvKey', 'value', 'expiresAt');
    if (prefix) {
      const json = JSON.stringify(prefix);
      query.where((w) =>
        w.where({ kvKey: json }).orWhereRaw(`kv_key like ? escape '!'`, [`${escapeLike(json.slice(0, -1))},%`]),
      );
    }
    const now = this.#now();
    for (const row of await query) {
      if (row.expiresAt !== null && Number(row.expiresAt) <= now) continue;
      yield { key: JSON.parse(row.kvKey) as KvKey, value: JSON.parse(row.value) };
    }
  }

  /** Drops expired entries (the delivery job calls it now and then, so the table does not grow). */
  async sweep(): Promise<number> {
    return this.#knex(TABLE).where('expiresAt', '<=', this.#now()).delete();
  }
}
