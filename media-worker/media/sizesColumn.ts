import { jsonColumn } from '../../api/db/jsonColumn.ts';

// What a web sizes column holds (tracks.cover_variants, artists.profile_image_variants): the JSON of
// the sizes webSizes.ts stored. Pure, without sharp: pages read it on every render.

export interface ImageVariant {
  url: string;
  width: number;
  type: 'image/avif' | 'image/webp';
}

/** The sizes a row's column holds (the JSON of what storeWebSizes returned); none when empty or unreadable. */
export function storedSizes(column: unknown): ImageVariant[] {
  const variants = jsonColumn<unknown>(column);
  return Array.isArray(variants) ? (variants as ImageVariant[]) : [];
}
