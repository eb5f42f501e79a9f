import { useState } from 'react';
import * as m from '../../../lib/i18n/messages.ts';
import { messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { StepProps } from '../../releases/islands/wizard/types.ts';
import { analyzeUpload } from '../client.ts';
import type { AudioInsights } from '../types.ts';
import { AiButton } from './AiButton.tsx';
import AnalysisResultsDialog from './AnalysisResultsDialog.tsx';

/** "Analyze (AI)" next to the chosen audio file of the upload wizard (island slot upload.audio-tools). */
export default function AnalyzeAudio({ draft, update }: Pick<StepProps, 'draft' | 'update'>) {
  const [insights, setInsights] = useState<AudioInsights | null>(null);

  const analyze = async () => {
    if (!draft.audioUrl) return;
    try {
      const reply = await analyzeUpload(draft.audioUrl);
      if (!reply.success || !reply.insights) throw new Error(reply.message);
      setInsights(reply.insights);
      toast({ title: m.ai_analysis_done(), variant: 'success' });
    } catch (e) {
      toast({
        title: m.ai_analysis_failed(),
        description: messageOf(e, e instanceof Error && e.message ? e.message : m.ai_analysis_failed_text()),
        variant: 'destructive',
      });
    }
  };

  // What Apply to Track put into the release (key, tempo, moods go into its metadata): shown here,
  // where the artist pressed it, since the wizard has no fields of their own for them.
  const applied = [
    draft.key && m.ai_applied_key({ key: draft.key }),
    draft.bpm && m.ai_applied_tempo({ bpm: draft.bpm }),
    draft.moods.length > 0 && m.ai_applied_mood({ moods: draft.moods.join(', ') }),
  ].filter(Boolean);

  return (
    <>
      <AiButton label={m.ai_analyze()} busyLabel={m.ai_analyzing()} run={analyze} />
      {applied.length > 0 && (
        <p className="small text-secondary mb-0 w-100 order-last text-end" role="status" data-testid="analysis-applied">
          <span className="fw-semibold">{m.ai_applied_title()}</span> {applied.join(' · ')}
        </p>
      )}
      <AnalysisResultsDialog
        show={insights !== null}
        insights={insights}
        onHide={() => setInsights(null)}
        onApply={(applied) => {
          update({
            key: applied.key ?? draft.key,
            bpm: applied.bpm ? Math.round(applied.bpm) : draft.bpm,
            moods: Array.isArray(applied.mood) ? applied.mood : draft.moods,
          });
          setInsights(null);
          toast({ title: m.ai_applied(), variant: 'success' });
        }}
      />
    </>
  );
}
