// Pure readers of the media columns the releases feature adds to tracks (its migration), shared by
// the catalog's track rows (cards, track page, player) and the releases feature's own JSON, so the
// parsing lives once. Any query that selects t.* can use them; no extra query per track.

export interface CoverVariant {
  url: string;
  width: number;
  type: 'image/avif' | 'image/webp';
}

/** srcset strings of the cover's web sizes by type. */
export interface CoverSrcset {
  avif: string;
  webp: string;
}

/** A JSON text column, or null when empty or unreadable. */
export function jsonColumn<T>(value: unknown): T | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

function srcsetOf(variants: CoverVariant[], type: CoverVariant['type']): string {
  return variants.filter((v) => v.type === type).map((v) => `${v.url} ${v.width}w`).join(', ');
}

/** The cover_variants column as srcsets, or null until the media worker made the sizes. */
export function coverSrcset(coverVariants: unknown): CoverSrcset | null {
  const variants = jsonColumn<CoverVariant[]>(coverVariants);
  return variants?.length ? { avif: srcsetOf(variants, 'image/avif'), webp: srcsetOf(variants, 'image/webp') } : null;
}
