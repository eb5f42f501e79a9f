/** A JSON text column, or null when empty or unreadable. Pure: pages read such columns on every render. */
export function jsonColumn<T>(value: unknown): T | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}
