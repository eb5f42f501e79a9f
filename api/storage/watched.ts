import { unavailable } from '../errors.ts';
import type { Storage } from './types.ts';

export const STORAGE_DOWN_MESSAGE = 'Media storage is not answering: nothing was stored. Try again in a moment.';

/**
 * A remote store whose outages callers can tell from refusals: a call that fails for a reason worth
 * another try (`transient`: the network, the store's own failure) throws `unavailable` (503 to a
 * client, a short wait without using an attempt for a job), and `reachable()` is false until a call
 * succeeds again. What failed stored nothing a caller would keep: an upload's row is written only
 * after its bytes are stored.
 */
export function watched(storage: Storage, transient: (error: unknown) => boolean): Storage {
  let reachable = true;
  const call =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await method.apply(storage, args);
        reachable = true;
        return result;
      } catch (error) {
        if (!transient(error)) throw error;
        reachable = false;
        throw unavailable(STORAGE_DOWN_MESSAGE);
      }
    };
  return {
    driver: storage.driver,
    tempDir: storage.tempDir,
    putFile: call(storage.putFile),
    head: call(storage.head),
    read: call(storage.read),
    localFile: call(storage.localFile),
    delete: call(storage.delete),
    // Backups list the store; their failure is the backup's, not a visitor's 503.
    list: () => storage.list(),
    reachable: () => reachable,
  };
}
