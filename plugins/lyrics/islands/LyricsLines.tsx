import { useEffect, useRef } from 'react';
import { formatDuration } from '../../../lib/time.ts';
import type { LyricLine } from '../parse.ts';
import type { Moment } from './useCurrentLine.ts';
import * as m from '../../../lib/i18n/messages.ts';

interface Props {
  lines: LyricLine[];
  moment: Moment;
  /** Seeks to a timed line (ms); absent: the lines are text only. */
  onSeek?: (ms: number) => void;
  label: string;
}

/**
 * Lyrics that follow the music: the line sung now stands out (and its word, for enhanced LRC) and
 * stays in the middle of the box; a timed line is a button that seeks there. A screen reader hears
 * the current line through one polite live region (the list itself is not live).
 */
export function LyricsLines({ lines, moment, onSeek, label }: Props) {
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = box.current;
    const item = list?.children[moment.line] as HTMLElement | undefined;
    if (!list || !item) return;
    // The box scrolls, never the page around it.
    list.scrollTo({ top: item.offsetTop - list.clientHeight / 2 + item.clientHeight / 2, behavior: 'smooth' });
  }, [moment.line]);
  const current = lines[moment.line];
  return (
    <>
      <ol className="lyrics-lines list-unstyled mb-0" ref={box} aria-label={label} data-testid="lyrics-lines">
        {lines.map((line, i) => {
          const state = i === moment.line ? ' is-current' : i < moment.line ? ' is-past' : '';
          const text = line.words?.length
            ? line.words.map((w, j) => (
                <span key={j} className={i === moment.line && j <= moment.word ? 'lyrics-word is-sung' : 'lyrics-word'}>
                  {w.text}{' '}
                </span>
              ))
            : line.text || '\u00a0';
          return (
            <li key={i} className={`lyrics-line${state}`} aria-current={i === moment.line ? 'true' : undefined}>
              {onSeek && line.start !== null ? (
                <button
                  type="button"
                  className="lyrics-seek"
                  onClick={() => onSeek(line.start!)}
                  aria-label={m.lyrics_instrumental_at({
                    text: line.text || m.lyrics_instrumental(),
                    time: formatDuration(line.start / 1000),
                  })}
                >
                  {text}
                </button>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite" data-testid="lyrics-now">
        {current?.text ?? ''}
      </p>
    </>
  );
}
