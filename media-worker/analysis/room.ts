type Growable = Float32Array | Int8Array;

/**
 * `array` itself while `needed` elements fit, else a copy of it with room for them (the length
 * doubled as often as it takes): per-frame summaries kept for a whole song grow with it.
 */
export function roomFor<T extends Growable>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  let length = Math.max(1, array.length);
  while (length < needed) length *= 2;
  const grown = new (array.constructor as new (length: number) => T)(length);
  grown.set(array);
  return grown;
}
