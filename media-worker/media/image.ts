import sharp from 'sharp';

// Image checks and web derivatives (covers, artist photos). sharp works on libuv's thread pool, off the event loop.

export type ImageFormat = 'jpeg' | 'png';

/** The real format by magic bytes: JPEG or PNG, nothing else (SVG, GIF, WebP… are refused). */
export function sniffImage(head: Buffer): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  return null;
}

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

/** Decodes the whole image (a truncated or damaged file throws) and reports its size. */
export async function inspectImage(file: string): Promise<ImageInfo> {
  const image = sharp(file, { failOn: 'truncated', limitInputPixels: 10_000 * 10_000 });
  const meta = await image.metadata();
  if (meta.format !== 'jpeg' && meta.format !== 'png') throw new Error(`not a JPEG or PNG (${meta.format})`);
  // A tiny resize still decodes every scanline, which is what finds a damaged file.
  await image.resize(16, 16, { fit: 'fill' }).raw().toBuffer();
  const rotated = (meta.orientation ?? 1) >= 5;
  return {
    format: meta.format,
    width: rotated ? meta.height! : meta.width!,
    height: rotated ? meta.width! : meta.height!,
  };
}

export interface Derivative {
  width: number;
  format: 'avif' | 'webp';
  file: string;
}

/** Square web sizes of an image (a cover, an artist photo) in modern formats, for srcset. */
export async function squareDerivatives(
  file: string,
  widths: readonly number[],
  outFile: (width: number, format: 'avif' | 'webp') => string,
): Promise<Derivative[]> {
  const made: Derivative[] = [];
  for (const width of widths) {
    const resized = sharp(file).rotate().resize(width, width, { fit: 'cover', withoutEnlargement: false });
    for (const format of ['avif', 'webp'] as const) {
      const out = outFile(width, format);
      await (
        format === 'avif' ? resized.clone().avif({ quality: 55, effort: 2 }) : resized.clone().webp({ quality: 80 })
      ).toFile(out);
      made.push({ width, format, file: out });
    }
  }
  return made;
}
