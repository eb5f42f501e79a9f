import { arrayOf, boolean, component, integer, nullable, object, optional, string } from '../../api/openapi/schema.ts';

const Word = object({ start: integer, text: string });
const Line = object({ start: nullable(integer), text: string, words: optional(arrayOf(Word)) });

export const LyricsJson = component(
  'Lyrics',
  object({ language: string, code: string, synced: boolean, offset: integer, lines: arrayOf(Line) }),
);
