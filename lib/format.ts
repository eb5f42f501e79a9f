/** Two-letter fallback for a missing picture (spec §9: fallback initials, 2 characters). */
export function initials(name: string): string {
  return name.trim().slice(0, 2).toUpperCase() || '?';
}

/** Spec §9: unread badge capped at 99+. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

const PLURAL_RULES = new Intl.PluralRules('en-US');

/** A count with its noun in the right form: "1 listener", "2 listeners", "1,200 credits". */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${PLURAL_RULES.select(count) === 'one' ? one : other}`;
}
