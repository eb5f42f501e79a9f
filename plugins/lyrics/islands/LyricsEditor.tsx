import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { parseLyrics } from '../parse.ts';
import { LYRICS_MAX_LENGTH } from '../rules.ts';
import { LyricsLines } from './LyricsLines.tsx';
import { useCurrentLine } from './useCurrentLine.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { aroundMark } from '../../../lib/i18n/format.ts';

const LINE_MARK = '\u0001';

interface Props {
  id: string;
  text: string;
  onText(text: string): void;
  /** Seconds of the track: timestamps past it are errors (0: not known yet). */
  duration: number;
  /** The track's file, played by the preview. */
  audioUrl: string | null;
}

/** A `.lrc` or `.txt` file of at most the limit, read as text; anything else is refused. */
const MAX_FILE_BYTES = LYRICS_MAX_LENGTH * 4;

/**
 * Where an artist writes a track's lyrics: pasted or from a file, plain or LRC / enhanced LRC. The
 * parser's findings show by line as they type (the server refuses the same), and a synced text gets
 * a preview that plays the track with the lines following it.
 */
export function LyricsEditor({ id, text, onText, duration, audioUrl }: Props) {
  const parsed = useMemo(() => parseLyrics(text, duration), [text, duration]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const moment = useCurrentLine(audio, parsed.synced ? parsed.lines : [], parsed.offset);
  const words = parsed.lines.some((l) => l.words?.length);
  const timed = parsed.lines.filter((l) => l.text).length;

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES || !/\.(lrc|txt)$/i.test(file.name)) {
      setFileError(m.lyrics_bad_file());
      return;
    }
    setFileError(null);
    onText((await file.text()).slice(0, LYRICS_MAX_LENGTH));
  };

  // The help's two codes sit inside its sentence: split around each.
  const [helpStart, helpRest] = aroundMark((line) => m.lyrics_format_help({ line, word: LINE_MARK }));
  const [helpMiddle, helpEnd] = helpRest.split(LINE_MARK);
  return (
    <div className="lyrics-editor" data-testid="lyrics-editor">
      <Form.Group className="mb-2" controlId={id}>
        <Form.Label>{m.lyrics_title()}</Form.Label>
        <LimitedText
          rows={10}
          value={text}
          max={LYRICS_MAX_LENGTH}
          quiet
          isInvalid={parsed.errors.length > 0}
          className="lyrics-source"
          onChange={onText}
        />
        <Form.Text className="text-secondary">
          {helpStart}
          <code>[mm:ss.xx]</code>
          {helpMiddle}
          <code>&lt;mm:ss.xx&gt;</code>
          {helpEnd}
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-file`}>
        <Form.Label className="small mb-1">{m.lyrics_file()}</Form.Label>
        <Form.Control
          type="file"
          size="sm"
          accept=".lrc,.txt,text/plain"
          isInvalid={!!fileError}
          onChange={(e) => void readFile((e.target as HTMLInputElement).files?.[0])}
        />
        {fileError && <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>}
      </Form.Group>
      <div aria-live="polite">
        {parsed.errors.length > 0 ? (
          <ul className="lyrics-errors text-danger small mb-2" data-testid="lyrics-errors">
            {parsed.errors.map((e, i) => (
              <li key={i}>{m.lyrics_line_error({ line: e.line, message: e.message })}</li>
            ))}
          </ul>
        ) : (
          text.trim() && (
            <p className="small text-secondary mb-2" data-testid="lyrics-summary">
              {parsed.synced
                ? words
                  ? m.lyrics_timed_words({ count: timed })
                  : m.lyrics_timed({ count: timed })
                : m.lyrics_plain({ count: timed })}
            </p>
          )
        )}
      </div>
      {parsed.synced && parsed.lines.length > 0 && audioUrl && (
        <div className="lyrics-preview surface-card p-2 mb-2" data-testid="lyrics-preview">
          <p className="small fw-semibold mb-1">{m.lyrics_preview()}</p>
          <audio ref={setAudio} src={audioUrl} controls preload="metadata" className="w-100 mb-2" />
          <LyricsLines
            lines={parsed.lines}
            moment={moment}
            label={m.lyrics_preview_label()}
            onSeek={(ms) => {
              if (!audio) return;
              audio.currentTime = Math.max(0, (ms - parsed.offset) / 1000);
              void audio.play().catch(() => undefined);
            }}
          />
        </div>
      )}
    </div>
  );
}
