import { EVERYTHING } from './tags.ts';

/**
 * What `currentSince` judges a thing made on another node by: the shared number of the last
 * invalidation of each tag this node has applied, and the tags of its own invalidations sent but not
 * yet numbered (its listeners have run, so whatever was made before may be stale). Bounded like
 * Listeners: when it overflows it is forgotten, and whatever was made before the highest number it
 * held counts as changed.
 */
export class SharedRecord {
  private static readonly MAX_TAGS = 50_000;
  private readonly byTag = new Map<string, number>();
  private readonly unnumbered = new Map<string, number>();
  /** Made before this number: this node cannot say what changed since. */
  private unknownBefore = 0;
  private highest = 0;

  applied(tags: Iterable<string>, number: number): void {
    const set = new Set(tags);
    if (set.has(EVERYTHING) || this.byTag.size + set.size > SharedRecord.MAX_TAGS) {
      this.forgetUpTo(Math.max(number, this.highest));
      if (set.has(EVERYTHING)) return;
    }
    this.highest = Math.max(this.highest, number);
    for (const tag of set) this.byTag.set(tag, Math.max(number, this.byTag.get(tag) ?? 0));
  }
  /** Anything may have changed up to `number` (a catch-up past the log, a reconnection). */
  forgetUpTo(number: number): void {
    this.byTag.clear();
    this.unknownBefore = this.highest = number;
  }
  sending(tags: Iterable<string>): void {
    for (const tag of tags) this.unnumbered.set(tag, (this.unnumbered.get(tag) ?? 0) + 1);
  }
  sent(tags: Iterable<string>): void {
    for (const tag of tags) {
      const left = (this.unnumbered.get(tag) ?? 1) - 1;
      if (left) this.unnumbered.set(tag, left);
      else this.unnumbered.delete(tag);
    }
  }
  currentSince(seq: number, tags: Iterable<string>): boolean {
    if (seq < this.unknownBefore || this.unnumbered.has(EVERYTHING)) return false;
    for (const tag of tags) if (this.unnumbered.has(tag) || (this.byTag.get(tag) ?? 0) > seq) return false;
    return true;
  }
}
