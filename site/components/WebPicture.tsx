import type { ImgHTMLAttributes } from 'react';

// An island's image with its web sizes (AVIF, WebP srcset) once the media worker made them, the plain
// image before that: what plugins/catalog/components/WebImage.astro renders for pages, with `boxless`
// (islands show artist photos, whose styles were written for an <img>): the <picture> takes no box
// and its sources are hidden, so the <img> lays out as it would alone (a flex item beside a label).

interface Props extends ImgHTMLAttributes<HTMLImageElement> {
  srcset?: { avif: string; webp: string } | null;
  /** The displayed width, for the browser's choice among the sizes. */
  sizes: string;
}

export function WebPicture({ srcset, sizes, ...img }: Props) {
  return (
    <picture style={{ display: 'contents' }}>
      {srcset && <source type="image/avif" srcSet={srcset.avif} sizes={sizes} hidden />}
      {srcset && <source type="image/webp" srcSet={srcset.webp} sizes={sizes} hidden />}
      <img {...img} />
    </picture>
  );
}
