import type { ReleaseDraft } from '../../releases/form.ts';

/** What the wizard's lyrics tool keeps in the draft's extras until the track exists. */
export interface DraftLyrics {
  text: string;
}

export const draftLyrics = (draft: ReleaseDraft): DraftLyrics =>
  (draft.extras?.lyrics as DraftLyrics | undefined) ?? { text: '' };
