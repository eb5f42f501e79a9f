import { maxLengthOf } from '../../../api/validation/rules.ts';
import { messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { TOASTS, trackRules } from '../../releases/rules.ts';
import type { StepProps } from '../../releases/islands/wizard/types.ts';
import { enhanceTrack } from '../client.ts';
import { AiButton } from './AiButton.tsx';
import * as m from '../../../lib/i18n/messages.ts';

const DESCRIPTION_MAX = maxLengthOf(trackRules, 'description');

/** "Enhance (AI)" under the track description of the upload wizard (island slot upload.description-tools). */
export default function EnhanceDescription({
  draft,
  update,
  artistName,
}: Pick<StepProps, 'draft' | 'update'> & { artistName: string }) {
  const enhance = async () => {
    if (!draft.title.trim()) {
      toast({ ...TOASTS.enhanceNeedsTitle, variant: 'destructive' });
      return;
    }
    try {
      const reply = await enhanceTrack({
        title: draft.title.trim(),
        artist: artistName,
        description: draft.description,
        genre: draft.genre || undefined,
        bpm: draft.bpm ?? undefined,
        key: draft.key || undefined,
        mood: draft.moods.join(', ') || undefined,
      });
      update({
        description: reply.enhancedDescription.slice(0, DESCRIPTION_MAX),
        tags: reply.tags,
        moods: reply.moods,
        key: draft.key || reply.suggestedKey || '',
        bpm: draft.bpm ?? reply.suggestedBPM,
      });
      toast({ title: m.ai_enhanced(), variant: 'success' });
    } catch (e) {
      toast({ title: m.ai_enhance_failed(), description: messageOf(e, m.ai_try_again()), variant: 'destructive' });
    }
  };

  return <AiButton label={m.ai_enhance()} busyLabel={m.ai_enhancing()} run={enhance} />;
}
