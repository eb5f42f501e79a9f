import type { Knex } from 'knex';
import { queryTerms, typoAllowance } from './rules.ts';

// Typo tolerance (issue 44 point 13: "nova harbour", the bio's spelling, found nothing): when the
// index finds nothing for a query, each word the catalog does not hold is replaced by the closest
// word of the artists' names and genres within a letter or two, and the search runs once more. The
// same on both databases: the words are compared here, not by an index's own fuzzy syntax (FTS5 and
// InnoDB FULLTEXT have none). Only artists are read (one small table), not every track title.

/**
 * Edit distance of two words, a swap of two neighbouring letters counting as one edit (optimal
 * string alignment), or max + 1 as soon as it is surely over max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        current[j] = Math.min(current[j], before[j - 2] + 1);
      best = Math.min(best, current[j]);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** A word without its accents, as both indexes compare them. */
const folded = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

/** The query's words with each unknown one replaced by its nearest catalog word; null when none changes. */
export async function correctedTerms(knex: Knex, terms: string[]): Promise<string[] | null> {
  const rows: Array<{ name: string; genre: string | null }> = await knex('artists').select('name', 'genre');
  const vocabulary = new Set(rows.flatMap((row) => queryTerms(`${row.name} ${row.genre ?? ''}`).map(folded)));
  let changed = false;
  const corrected = terms.map((typed, index) => {
    const term = folded(typed);
    const last = index === terms.length - 1;
    if (vocabulary.has(term) || (last && [...vocabulary].some((word) => word.startsWith(term)))) return typed;
    const allowed = typoAllowance(term);
    let best: { word: string; distance: number } | null = null;
    for (const word of vocabulary) {
      const distance = editDistance(term, word, allowed);
      if (distance <= allowed && (!best || distance < best.distance)) best = { word, distance };
    }
    if (!best) return typed;
    changed = true;
    return best.word;
  });
  return changed ? corrected : null;
}
