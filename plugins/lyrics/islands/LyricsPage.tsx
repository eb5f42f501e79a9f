import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { LYRICS_LANGUAGES } from '../../releases/rules.ts';
import { parseLyrics } from '../parse.ts';
import { languageName } from '../languageName.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { LyricsEditor } from './LyricsEditor.tsx';

interface Props {
  track: { id: number; title: string; duration: number; lyricsLanguage: string | null; audioUrl: string };
  texts: Array<{ language: string; text: string }>;
}

/** The lyrics page's editor: one language at a time, saved or removed; the track page shows the first. */
export default function LyricsPage({ track, texts }: Props) {
  const [saved, setSaved] = useState(() => new Map(texts.map((t) => [t.language, t.text])));
  const [language, setLanguage] = useState(texts[0]?.language ?? track.lyricsLanguage ?? 'English');
  const [text, setText] = useState(saved.get(language) ?? '');
  const [pending, setPending] = useState(false);
  const errors = parseLyrics(text, track.duration).errors;
  const unchanged = (saved.get(language) ?? '') === text;

  const choose = (next: string) => {
    setLanguage(next);
    setText(saved.get(next) ?? '');
  };
  const send = async (remove: boolean) => {
    setPending(true);
    try {
      if (remove) await apiRequest('DELETE', `/api/tracks/${track.id}/lyrics/${encodeURIComponent(language)}`);
      else await apiRequest('PUT', `/api/tracks/${track.id}/lyrics`, { language, text });
      setSaved((m) => {
        const next = new Map(m);
        if (remove) next.delete(language);
        else next.set(language, text);
        return next;
      });
      if (remove) setText('');
      toast({
        title: remove ? m.lyrics_removed() : m.lyrics_saved(),
        description: m.lyrics_toast_text({ title: track.title, language: languageName(language) }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: m.lyrics_not_saved(),
        description: messageOf(error, m.lyrics_try_again()),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="card surface-card">
      <div className="card-body">
        <Form.Group className="mb-3" controlId="lyrics-language">
          <Form.Label>{m.lyrics_language()}</Form.Label>
          <Form.Select value={language} onChange={(e) => choose(e.target.value)}>
            {LYRICS_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {saved.has(l) ? m.lyrics_saved_option({ language: languageName(l) }) : languageName(l)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <LyricsEditor
          id="lyrics-text"
          text={text}
          onText={setText}
          duration={track.duration}
          audioUrl={track.audioUrl}
        />
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          {saved.has(language) && (
            <Button variant="outline-danger" disabled={pending} onClick={() => void send(true)}>
              {m.lyrics_remove({ language: languageName(language) })}
            </Button>
          )}
          <Button
            className="btn-gold"
            disabled={pending || unchanged || errors.length > 0 || !text.trim()}
            title={errors.length ? m.lyrics_fix_first() : unchanged ? m.lyrics_nothing_changed() : undefined}
            onClick={() => void send(false)}
          >
            {pending ? m.lyrics_saving() : m.lyrics_save()}
          </Button>
        </div>
      </div>
    </div>
  );
}
