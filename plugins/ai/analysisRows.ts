// What the Audio Analysis Results dialog lists (spec §2 Step 3), as label and text: kept apart from
// the dialog so the wording (confidence, "No steady beat") is tested without a browser.
import type { AudioInsights } from './types.ts';

/** Spec §3 allows mood as a list or a single value. */
function joined(value: string[] | string | null | undefined): string {
  if (Array.isArray(value)) return value.join(', ');
  return value ?? '';
}

/** How sure the measurement is, e.g. " · 87 % confidence"; nothing when it was not measured. */
function confidence(value: number | null | undefined): string {
  return value == null ? '' : ` · ${Math.round(Math.max(0, Math.min(1, value)) * 100)} % confidence`;
}

/**
 * The tempo as the artist reads it: the BPM with how sure it is, "No steady beat" when the audio was
 * measured and has no pulse (bpm null: a drone, free time), "Unknown" when nothing was measured.
 */
function tempo(insights: AudioInsights | null): string {
  if (insights?.bpm) return `${Math.round(insights.bpm)} BPM${confidence(insights.measurements?.tempoConfidence)}`;
  return insights?.measurements && !insights.measurements.silent ? 'No steady beat' : 'Unknown';
}

export function analysisRows(insights: AudioInsights | null): Array<[string, string]> {
  const measured = insights?.measurements;
  return [
    ['Tempo', tempo(insights)],
    ['Key', insights?.key ? `${insights.key}${confidence(measured?.key?.confidence)}` : 'Unknown'],
    ['Genre', insights?.genre || 'Unknown'],
    ['Instruments', joined(insights?.instruments) || 'None detected'],
    ['Mood', joined(insights?.mood) || 'Unknown'],
    ['Dynamic Range', insights?.dynamicRange || 'Not analyzed'],
    ['Frequency Balance', insights?.frequencyBalance || 'Not analyzed'],
    ['Production Style', insights?.productionStyle || 'Not analyzed'],
  ];
}
