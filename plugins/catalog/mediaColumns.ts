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

/** The measured loudness (integrated LUFS, true peak dBTP) and the lossless master, for the player. */
export interface TrackPlayback {
  lufs: number | null;
  truePeak: number | null;
  /** The uploaded WAV/FLAC master when it is not what audioUrl already plays, else null. */
  losslessUrl: string | null;
}

const LOSSLESS = /\.(wav|flac)$/i;
const numberOrNull = (value: unknown) => (value == null || !Number.isFinite(Number(value)) ? null : Number(value));

export function trackPlayback(row: Record<string, unknown>): TrackPlayback {
  const master = typeof row.masterUrl === 'string' ? row.masterUrl : null;
  return {
    lufs: numberOrNull(row.loudnessLufs),
    truePeak: numberOrNull(row.truePeak),
    losslessUrl: master && LOSSLESS.test(master) && master !== row.audioUrl ? master : null,
  };
}
