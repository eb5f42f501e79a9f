// What the page asks of its `client:demand` islands (site/directives/demand.ts): a name such as
// `player` or `toaster` is demanded once there is something for the islands that wait on it to do
// (a track set, a toast shown, a saved queue to restore). The names are kept on `window`, so the
// directive's inline copy of this module and the page chunk's share them, and so an island the
// client router brings in later hydrates at once for a name demanded on an earlier page.

const NAMES = Symbol.for('onetrack:demanded');
const EVENT = 'onetrack:demand';

function names(): Set<string> {
  return ((window as unknown as Record<symbol, Set<string>>)[NAMES] ??= new Set());
}

/** Hydrates the islands waiting on any of these names (now and on later pages). */
export function demand(...wanted: string[]): void {
  const fresh = wanted.filter((name) => !names().has(name));
  if (fresh.length === 0) return;
  for (const name of fresh) names().add(name);
  document.dispatchEvent(new CustomEvent(EVENT, { detail: fresh }));
}

/** Calls `then` once one of `wanted` is demanded (at once when one already is); returns a stop. */
export function whenDemanded(wanted: string[], then: () => void): () => void {
  if (wanted.some((name) => names().has(name))) {
    then();
    return () => {};
  }
  const listener = (event: Event) => {
    if (!(event as CustomEvent<string[]>).detail.some((name) => wanted.includes(name))) return;
    document.removeEventListener(EVENT, listener);
    then();
  };
  document.addEventListener(EVENT, listener);
  return () => document.removeEventListener(EVENT, listener);
}
