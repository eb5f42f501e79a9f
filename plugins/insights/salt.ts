import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Kernel } from '../../api/plugins/types.ts';

/**
 * The day's salt for listener hashes, as privacy-first analytics (Plausible) keep it: random, the
 * same on every node for a UTC day, never written to the database, and gone the next day, so a
 * hash cannot be tied to a person nor to that person's hash of another day. With Redis it is a key
 * set once (SET NX) that expires at the day's end; without Redis (one node) or while it is down,
 * this process's own random salt of the day (a visitor may then count once per node that day).
 */
export function createSalts(kernel: Pick<Kernel, 'redis' | 'config'>) {
  // Kept as key objects: an HMAC keyed by a raw buffer imports the key again on every call.
  const local = new Map<string, KeyObject>();
  const key = (day: string) => `${kernel.config.redis?.prefix ?? ''}insights:salt:${day}`;

  function localSalt(day: string): KeyObject {
    let salt = local.get(day);
    if (!salt) {
      local.clear();
      salt = createSecretKey(randomBytes(32));
      local.set(day, salt);
    }
    return salt;
  }

  const shared = new Map<string, KeyObject>();
  async function saltOf(day: string, dayEnd: number): Promise<KeyObject> {
    const known = shared.get(day);
    if (known) return known;
    if (!kernel.redis) return localSalt(day);
    try {
      const candidate = randomBytes(32).toString('base64');
      await kernel.redis.set(key(day), candidate, 'PXAT', dayEnd, 'NX');
      const value = await kernel.redis.get(key(day));
      if (!value) return localSalt(day);
      shared.clear();
      const salt = createSecretKey(Buffer.from(value, 'base64'));
      shared.set(day, salt);
      return salt;
    } catch {
      return localSalt(day);
    }
  }

  return {
    /** A 128-bit keyed hash of who is listening (a member's id, or a visitor's address and browser). */
    async listener(day: string, dayEnd: number, who: string): Promise<string> {
      return createHmac('sha256', await saltOf(day, dayEnd))
        .update(who)
        .digest('hex')
        .slice(0, 32);
    },
  };
}
