// The local, deterministic description enhancer: it rewrites what the artist gave (title, artist,
// genre, description, and the analysis when there was one) into a fuller description. It states
// only those facts, adds no names or credits, and always fits the form's 500 characters.
import { GENRES } from '../catalog/rules.ts';
import { DESCRIPTION_MAX_LENGTH } from './rules.ts';
import type { EnhanceInput, EnhancementReply } from './types.ts';

/** Words in a description that point to a genre of the spec's list. */
const GENRE_WORDS: Array<[RegExp, (typeof GENRES)[number]]> = [
  [/\b(synths?|edm|techno|house|electronic|drum ?(and|&|n) ?bass|dnb|ambient)\b/i, 'Electronic'],
  [/\b(club|dance ?floor|dance)\b/i, 'Dance'],
  [/\b(hip[- ]?hop|rap|trap|boom ?bap)\b/i, 'Hip-Hop/Rap'],
  [/\b(soul|r&b|rnb|neo-soul)\b/i, 'R&B/Soul'],
  [/\b(guitars?|riffs?|rock)\b/i, 'Rock'],
  [/\b(acoustic|folk)\b/i, 'Folk'],
  [/\b(jazz|swing|bebop)\b/i, 'Jazz'],
  [/\b(piano|orchestra\w*|strings|classical)\b/i, 'Classical'],
  [/\b(metal|heavy)\b/i, 'Metal'],
  [/\b(reggae|dub)\b/i, 'Reggae'],
  [/\b(latin|reggaeton|salsa|bachata)\b/i, 'Latin'],
  [/\b(country|banjo)\b/i, 'Country'],
  [/\b(blues)\b/i, 'Blues'],
  [/\b(pop|catchy|hook)\b/i, 'Pop'],
];

/** Mood words an artist might use, and the mood they name. */
const MOOD_WORDS: Array<[RegExp, string]> = [
  [/\b(energetic|energy|upbeat|hype|driving)\b/i, 'Energetic'],
  [/\b(uplifting|hope\w*|euphori\w*|joy\w*)\b/i, 'Uplifting'],
  [/\b(happy|sunny|summer\w*|bright)\b/i, 'Happy'],
  [/\b(chill|relax\w*|laid[- ]back|calm|mellow)\b/i, 'Calm'],
  [/\b(sad|melanchol\w*|heartbreak\w*|lonely|grief)\b/i, 'Melancholic'],
  [/\b(dark|haunting|night)\b/i, 'Dark'],
  [/\b(love|romantic|tender)\b/i, 'Romantic'],
  [/\b(dream\w*|ethereal|floating)\b/i, 'Dreamy'],
  [/\b(angry|rage|aggressive|fierce)\b/i, 'Aggressive'],
  [/\b(nostalgi\w*|memor\w*)\b/i, 'Nostalgic'],
];

const KEY_IN_TEXT = /\b([A-G])([#b♯♭]?)\s*(major|minor|maj|min|m)\b/;
const BPM_IN_TEXT = /\b(\d{2,3})\s*bpm\b/i;

function normaliseKey(letter: string, accidental: string, mode: string): string {
  const acc = accidental === '♯' ? '#' : accidental === '♭' ? 'b' : accidental;
  return `${letter}${acc} ${/^(major|maj)$/i.test(mode) ? 'major' : 'minor'}`;
}

/** Collapses whitespace and ends the text with a full stop. */
function sentence(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return '';
  const capital = clean[0].toUpperCase() + clean.slice(1);
  return /[.!?…]["')\]]?$/.test(capital) ? capital : `${capital}.`;
}

/** Cuts at the last sentence (or word) boundary that fits. */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  if (end > max / 2) return cut.slice(0, end + 1);
  return `${cut.slice(0, Math.max(0, cut.lastIndexOf(' '))).replace(/[,;:]$/, '')}…`;
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const articleFor = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

export function enhanceLocally(input: EnhanceInput): EnhancementReply {
  const title = input.title.replace(/\s+/g, ' ').trim();
  const artist = input.artist?.replace(/\s+/g, ' ').trim() ?? '';
  const description = input.description?.trim() ?? '';
  const listed = GENRES.find((g) => g.toLowerCase() === input.genre?.trim().toLowerCase());
  const text = `${title} ${description}`;

  const keyMatch = KEY_IN_TEXT.exec(description);
  const suggestedKey = input.key ?? (keyMatch ? normaliseKey(keyMatch[1], keyMatch[2], keyMatch[3]) : null);
  const bpmMatch = BPM_IN_TEXT.exec(description);
  const textBpm = bpmMatch ? Number(bpmMatch[1]) : null;
  const suggestedBPM = input.bpm ?? (textBpm !== null && textBpm >= 40 && textBpm <= 250 ? textBpm : null);

  const genres = unique([
    ...(listed ? [listed] : []),
    ...GENRE_WORDS.filter(([re]) => re.test(text)).map(([, g]) => g),
  ]).slice(0, 3);
  const analysedMoods = (input.mood ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const moods = unique([...analysedMoods, ...MOOD_WORDS.filter(([re]) => re.test(text)).map(([, m]) => m)]).slice(0, 4);

  // Opening line: only what the artist or the analysis said.
  const genreWord = genres[0] ? genres[0].toLowerCase().replace('/', ' and ') : '';
  const what = genreWord ? `${articleFor(genreWord)} ${genreWord} track` : 'a new track';
  // "at 122 BPM in A minor", "at 122 BPM" or "in A minor" (not "at in A minor" without a tempo).
  const details = `${suggestedBPM ? ` at ${suggestedBPM} BPM` : ''}${suggestedKey ? ` in ${suggestedKey}` : ''}`;
  const by = artist ? ` by ${artist}` : '';
  const opening = `"${title}"${by} is ${what}${details}.`;
  const moodWords = moods
    .slice(0, 3)
    .map((m) => m.toLowerCase())
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
  const feel = moods.length ? ` Expect ${articleFor(moodWords)} ${moodWords} listen.` : '';
  const body = sentence(description);
  // The artist's own words come first when everything does not fit: the opening and feel are extras.
  const full = `${opening}${body ? ` ${body}` : ''}${feel}`;
  const enhanced =
    full.length <= DESCRIPTION_MAX_LENGTH
      ? full
      : fit(
          body.length + opening.length + 1 <= DESCRIPTION_MAX_LENGTH ? `${opening} ${body}` : body,
          DESCRIPTION_MAX_LENGTH,
        );

  const tags = unique([
    ...genres.map((g) => g.toLowerCase()),
    ...moods.map((m) => m.toLowerCase()),
    ...(suggestedBPM ? [`${suggestedBPM} bpm`] : []),
    ...(suggestedKey ? [suggestedKey.toLowerCase()] : []),
    ...(artist ? [artist.toLowerCase()] : []),
  ]).slice(0, 10);

  return { enhancedDescription: enhanced, genres, tags, moods, suggestedKey, suggestedBPM };
}
