import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { ReleaseDraft } from '../../releases/form.ts';
import type { ReleaseJson } from '../../releases/present.ts';
import { draftLyrics } from '../islands/draftLyrics.ts';

/**
 * `upload.submitted` hook: the wizard created the track; its lyrics are saved now, in the draft's
 * language. A refusal leaves the track as it is and says where to finish.
 */
export default async function saveAfterUpload(release: ReleaseJson, draft: ReleaseDraft): Promise<void> {
  const { text } = draftLyrics(draft);
  if (!draft.hasLyrics || !draft.lyricsLanguage || !text.trim()) return;
  try {
    await apiRequest('PUT', `/api/tracks/${release.id}/lyrics`, { language: draft.lyricsLanguage, text });
  } catch (error) {
    toast({
      title: 'Lyrics not saved',
      description: `${messageOf(error, 'Please try again')}. Add them on the track's lyrics page.`,
      variant: 'destructive',
    });
  }
}
