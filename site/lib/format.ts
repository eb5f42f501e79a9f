/** Two-letter fallback for a missing picture (spec §9: fallback initials, 2 characters). */
export function initials(name: string): string {
  return name.trim().slice(0, 2).toUpperCase() || '?';
}

/** Spec §9: unread badge capped at 99+. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
