import type { ReleaseDraft } from '../../releases/form.ts';
import { draftLyrics } from './draftLyrics.ts';
import { LyricsEditor } from './LyricsEditor.tsx';

/**
 * `upload.lyrics`: the wizard's track step, under Lyrics Language. The text stays in the draft
 * (saved with it in the browser) and is saved in the chosen language once the track is created
 * (client/saveAfterUpload.ts); leaving it empty keeps "Lyrics Present" without words on file.
 */
export default function WizardLyrics({
  draft,
  update,
}: {
  draft: ReleaseDraft;
  update(patch: Partial<ReleaseDraft>): void;
}) {
  return (
    <LyricsEditor
      id="wizard-lyrics"
      text={draftLyrics(draft).text}
      onText={(text) => update({ extras: { ...draft.extras, lyrics: { text } } })}
      duration={draft.duration}
      audioUrl={draft.audioUrl}
    />
  );
}
