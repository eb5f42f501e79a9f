import { LineType, parse, parseEnhanced } from 'clrc';
import { formatDuration } from '../../lib/time.ts';
import { MESSAGES } from './rules.ts';

// One reading of lyrics for the editor (errors by line, the preview), the server (refusing what
// the editor would refuse, the stored text's lines on every read) and the apps: plain text, LRC
// (`[mm:ss.xx] line`) or enhanced LRC (`<mm:ss.xx> word` timings inside a line), parsed by clrc.

export interface LyricWord {
  /** Milliseconds from the track's start. */
  start: number;
  text: string;
}

export interface LyricLine {
  /** Milliseconds from the track's start; null for plain lyrics. */
  start: number | null;
  text: string;
  /** Word timings of an enhanced LRC line. */
  words?: LyricWord[];
}

export interface LineError {
  /** 1-based line of the text as written. */
  line: number;
  message: string;
}

export interface ParsedLyrics {
  synced: boolean;
  /** LRC `[offset:±ms]`: positive shows the words that much sooner (OpenSubsonic's sense too). */
  offset: number;
  lines: LyricLine[];
  errors: LineError[];
}

const TIMESTAMP = /^\s*\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\]/m;
const WORD_TIMING = /<\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?>/;

/** `lines` of a text, or its errors; `durationSeconds` bounds the timestamps (0: unknown, not checked). */
export function parseLyrics(text: string, durationSeconds = 0): ParsedLyrics {
  const source = text.replace(/\r\n?/g, '\n');
  if (!TIMESTAMP.test(source)) {
    // Plain lyrics: the lines as written, a blank line between stanzas kept once, none at the ends.
    const lines = source
      .split('\n')
      .map((line) => line.trim())
      .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''));
    while (lines.at(-1) === '') lines.pop();
    return { synced: false, offset: 0, lines: lines.map((line) => ({ start: null, text: line })), errors: [] };
  }
  const errors: LineError[] = [];
  const lines: LyricLine[] = [];
  let offset = 0;
  let previous: number | null = null;
  const end = durationSeconds > 0 ? durationSeconds * 1000 : Infinity;
  const seen = new Set<number>();
  for (const entry of parse(source)) {
    const line = entry.lineNumber + 1;
    if (entry.type === LineType.METADATA) {
      if (entry.key.trim().toLowerCase() === 'offset' && /^\s*[+-]?\d{1,6}\s*$/.test(entry.value))
        offset = Number(entry.value.trim());
      continue;
    }
    if (entry.type === LineType.INVALID) {
      if (entry.raw.trim() === '') continue;
      errors.push({ line, message: entry.raw.trim().startsWith('[') ? MESSAGES.unparseable() : MESSAGES.mixed() });
      continue;
    }
    if (entry.type !== LineType.LYRIC) continue;
    // A line with several timestamps (a chorus sung again) comes once per timestamp: its first is
    // the one that must follow the line above.
    const first = !seen.has(entry.lineNumber);
    seen.add(entry.lineNumber);
    if (first && previous !== null && entry.startMillisecond < previous)
      errors.push({ line, message: MESSAGES.outOfOrder(formatDuration(previous / 1000)) });
    if (first) previous = entry.startMillisecond;
    if (entry.startMillisecond > end) errors.push({ line, message: MESSAGES.pastEnd(formatDuration(end / 1000)) });
    lines.push({ start: entry.startMillisecond, text: entry.content.trim(), ...wordsOf(entry.raw, line, errors) });
  }
  lines.sort((a, b) => a.start! - b.start!);
  return { synced: true, offset, lines, errors: errors.sort((a, b) => a.line - b.line) };
}

/** The words of an enhanced LRC line (its text then without the timings), nothing for a simple one. */
function wordsOf(raw: string, line: number, errors: LineError[]): Partial<LyricLine> {
  if (!WORD_TIMING.test(raw)) return {};
  // clrc reads word timings on lines with one leading timestamp: keep the first one of this line.
  const single = raw.replace(/^(\s*\[[^\]]+\])(?:\[[^\]]+\])+/, '$1');
  const [parsed] = parseEnhanced(single).filter((entry) => entry.type === LineType.ENHANCED_LYRIC);
  if (!parsed) {
    errors.push({ line, message: MESSAGES.unparseable() });
    return {};
  }
  const words = parsed.words.map((w) => ({ start: w.startMillisecond, text: w.content.trim() })).filter((w) => w.text);
  if (words.some((w, i) => i > 0 && w.start < words[i - 1].start))
    errors.push({ line, message: MESSAGES.wordsOutOfOrder() });
  return { words, text: words.map((w) => w.text).join(' ') };
}

/** The index of the line sung at `ms` (the last that started), or -1 before the first. */
export function lineAt(lines: LyricLine[], ms: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((lines[mid].start ?? 0) <= ms) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
