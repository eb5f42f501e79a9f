import { storedSizes, type ImageVariant } from '../../media-worker/media/sizesColumn.ts';

// Pure readers of media columns other features add: the releases feature's columns of tracks (its
// migration), shared by the catalog's track rows (cards, track page, player) and the releases
// feature's own JSON, and the web sizes of artists' photos (accounts' photo job). The parsing lives
// once. Any query that selects t.* or a.* can use them; no extra query per row.

/** srcset strings of an image's web sizes (a cover, an artist photo) by type. */
export interface ImageSrcset {
  avif: string;
  webp: string;
}

function srcsetOf(variants: ImageVariant[], type: ImageVariant['type']): string {
  return variants
    .filter((v) => v.type === type)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/**
 * A web sizes column (tracks.cover_variants, artists.profile_image_variants) as srcsets, or null until the media worker
 * made them.
 */
export function imageSrcset(column: unknown): ImageSrcset | null {
  const variants = storedSizes(column);
  return variants.length ? { avif: srcsetOf(variants, 'image/avif'), webp: srcsetOf(variants, 'image/webp') } : null;
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
