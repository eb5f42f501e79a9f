import * as m from '../../../../lib/i18n/messages.ts';
import type { FieldErrors, ReleaseDraft } from '../../form.ts';
import { contentTypeName, languageName, trackOriginName } from '../../optionNames.ts';
import { CONTENT_TYPES, LYRICS_LANGUAGES, TRACK_ORIGINS } from '../../rules.ts';
import { Field, Select, Toggle } from './fields.tsx';

// Fields a track has in the wizard's track step and in the edit form alike; `prefix` keeps the
// ids of the two forms apart (the edit form's are 'edit-…').

type Facts = Pick<ReleaseDraft, 'hasLyrics' | 'lyricsLanguage' | 'contentType' | 'trackOrigin'>;

interface FactsProps {
  prefix: string;
  draft: Facts;
  update(patch: Partial<Facts>): void;
}

/** Lyrics Present, and the lyrics' language when there are some. */
export function LyricsFields({ prefix, draft, update, errors }: FactsProps & { errors: FieldErrors }) {
  return (
    <>
      <Toggle
        id={`${prefix}has-lyrics`}
        label={m.wizard_lyrics_present()}
        checked={draft.hasLyrics}
        onChange={(hasLyrics) => update({ hasLyrics })}
      />
      {draft.hasLyrics && (
        <Field id={`${prefix}lyrics-language`} label={m.wizard_lyrics_language()} error={errors.lyricsLanguage}>
          <Select
            id={`${prefix}lyrics-language`}
            value={draft.lyricsLanguage}
            options={LYRICS_LANGUAGES}
            label={languageName}
            placeholder={m.wizard_pick_language()}
            invalid={!!errors.lyricsLanguage}
            onChange={(lyricsLanguage) => update({ lyricsLanguage })}
          />
        </Field>
      )}
    </>
  );
}

/** Content Type and Track Origin, each in a column of the caller's row (`column`: its class). */
export function KindFields({ prefix, draft, update, column }: FactsProps & { column: string }) {
  return (
    <>
      <div className={column}>
        <Field id={`${prefix}content-type`} label={m.wizard_content_type()}>
          <Select
            id={`${prefix}content-type`}
            value={draft.contentType}
            options={CONTENT_TYPES}
            label={contentTypeName}
            onChange={(contentType) => update({ contentType })}
          />
        </Field>
      </div>
      <div className={column}>
        <Field id={`${prefix}track-origin`} label={m.wizard_track_origin()}>
          <Select
            id={`${prefix}track-origin`}
            value={draft.trackOrigin}
            options={TRACK_ORIGINS}
            label={trackOriginName}
            onChange={(trackOrigin) => update({ trackOrigin })}
          />
        </Field>
      </div>
    </>
  );
}
