import { useEffect, useState } from 'react';
import { lineAt, type LyricLine } from '../parse.ts';

export interface Moment {
  line: number;
  word: number;
}

/** The word of `line` sung at `ms`, or -1. */
function wordAt(line: LyricLine | undefined, ms: number): number {
  const words = line?.words ?? [];
  let found = -1;
  for (let i = 0; i < words.length && words[i].start <= ms; i++) found = i;
  return found;
}

/**
 * The line and word sung now, read from the element's clock on every animation frame while it
 * plays (the player's 100 ms position poll would be up to 100 ms late by itself), re-rendering only
 * when they change. `offset` is LRC's: positive shows the words that much sooner.
 */
export function useCurrentLine(audio: HTMLAudioElement | null, lines: LyricLine[], offset: number): Moment {
  const [moment, setMoment] = useState<Moment>({ line: -1, word: -1 });
  useEffect(() => {
    if (!audio || !lines.length || lines[0].start === null) return;
    let frame = 0;
    const read = () => {
      const ms = audio.currentTime * 1000 + offset;
      const line = lineAt(lines, ms);
      const word = wordAt(lines[line], ms);
      setMoment((m) => (m.line === line && m.word === word ? m : { line, word }));
    };
    const loop = () => {
      read();
      frame = audio.paused ? 0 : requestAnimationFrame(loop);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      loop();
    };
    start();
    audio.addEventListener('play', start);
    audio.addEventListener('seeked', read);
    audio.addEventListener('timeupdate', read);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('play', start);
      audio.removeEventListener('seeked', read);
      audio.removeEventListener('timeupdate', read);
    };
  }, [audio, lines, offset]);
  return moment;
}
