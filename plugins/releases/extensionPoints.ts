import type { ReleaseDraft } from './form.ts';
import type { ReleaseJson } from './present.ts';

// The slots the upload page and wizard render, with what their fillers receive (docs/architecture.md,
// "Extension points").

interface DraftTools {
  draft: ReleaseDraft;
  update(patch: Partial<ReleaseDraft>): void;
}

declare module '../../api/plugins/types.ts' {
  interface SlotProps {
    'upload.notices': { artistId: number };
    'upload.audio-tools': DraftTools;
    'upload.description-tools': DraftTools & { artistName: string };
    'upload.lyrics': DraftTools;
    /** Once the track is created, awaited before the wizard's last step. */
    'upload.submitted': (release: ReleaseJson, draft: ReleaseDraft) => Promise<void> | void;
    /** Under the edit screen's form (/releases/{id}/edit). */
    'release.edit-sections': { release: { id: number; title: string } };
  }
}
