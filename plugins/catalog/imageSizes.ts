// The displayed widths of covers and artist photos (the `sizes` of their srcset), shared by each
// <picture> and the <head> preload of a page's largest image, which must pick the same file or it
// is fetched twice. They follow the theme's widths (site/styles/theme.scss).

/** A card in a grid: two columns on a phone, 220 px wide from there on. */
export const TRACK_CARD_COVER_SIZES = '(max-width: 575px) 45vw, 220px';

/** The track page's cover: the width of the card on a phone, 320 px from tablets on. */
export const TRACK_PAGE_COVER_SIZES = '(max-width: 767px) 90vw, 320px';

/** The artist page's photo (.artist-header-image): 140 px where the header stacks, 180 px beside it. */
export const ARTIST_HEADER_PHOTO_SIZES = '(max-width: 991.98px) 140px, 180px';

/** An artist card's round photo (.artist-card-image). */
export const ARTIST_CARD_PHOTO_SIZES = '112px';
