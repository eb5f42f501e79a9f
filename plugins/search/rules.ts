// Search limits and messages, shared by the API, the /search page and the top bar. Pure: islands bundle it.

/** Longer queries are refused (400): nobody types this much, and it bounds the index work. */
export const QUERY_MAX_LENGTH = 100;
/** Words beyond these are ignored: each one is another index lookup. */
export const QUERY_MAX_TERMS = 6;
export const QUERY_TOO_LONG = `Search for at most ${QUERY_MAX_LENGTH} characters`;

/** Results per page on /search and /api/search. */
export const TRACKS_PER_PAGE = 24;
export const ARTISTS_PER_PAGE = 8;

/** As-you-type suggestions in the top bar. */
export const SUGGESTED_TRACKS = 5;
export const SUGGESTED_ARTISTS = 3;
/** The top bar waits this long after the last key before it asks. */
export const SUGGEST_DEBOUNCE_MS = 200;

/**
 * The words of a query: runs of letters (with their marks) and digits, lower-cased, at most QUERY_MAX_TERMS. Everything
 * else (quotes, operators, brackets, asterisks) separates words, so no input reaches an index's
 * query syntax as anything but a plain word.
 */
/** How many letters a word may have wrong and still find its match (typos.ts): none below 4 letters. */
export function typoAllowance(term: string): number {
  return term.length < 4 ? 0 : term.length < 8 ? 1 : 2;
}

export function queryTerms(text: string): string[] {
  // Composed first, so an accent typed as a combining mark stays part of its word.
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? []
  ).slice(0, QUERY_MAX_TERMS);
}
