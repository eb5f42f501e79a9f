// The displayed widths of covers (the `sizes` of their srcset), shared by each <picture> and the
// <head> preload of a page's largest image, which must pick the same file or it is fetched twice.

/** A card in a grid: two columns on a phone, 220 px wide from there on. */
export const TRACK_CARD_COVER_SIZES = '(max-width: 575px) 45vw, 220px';

/** The track page's cover: the width of the card on a phone, 320 px from tablets on. */
export const TRACK_PAGE_COVER_SIZES = '(max-width: 767px) 90vw, 320px';
