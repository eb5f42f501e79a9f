// What the Audio Analysis Results dialog lists (spec §2 Step 3), as label and text: kept apart from
// the dialog so the wording (confidence, "No steady beat") is tested without a browser.
import type { AudioInsights } from './types.ts';

/** Spec §3 allows mood as a list or a single value. */
function joined(value: string[] | string | null | undefined): string {
  if (Array.isArray(value)) return value.join(', ');
  return value ?? '';
}

const share = (value: number) => `${Math.round(Math.max(0, Math.min(1, value)) * 100)} %`;

/** Below this confidence a measurement is presented as unsure (about half of such answers are wrong). */
export const UNSURE = 0.5;

/** How sure the measurement is, e.g. " · 87 % confidence"; nothing when it was not measured. */
function confidence(value: number | null | undefined): string {
  return value == null ? '' : ` · ${share(value)} confidence`;
}

/**
 * The tempo as the artist reads it: the BPM with how sure it is, "No steady beat" when the audio was
 * measured and has no pulse (bpm null: a drone, free time), "Unknown" when nothing was measured.
 */
function tempo(insights: AudioInsights | null): string {
  const sure = insights?.measurements?.tempoConfidence;
  if (insights?.bpm) {
    // An unsure tempo is most often off by an octave: the alternatives are named so the artist can tap along and pick.
    const octaves =
      sure != null && sure < UNSURE
        ? ` (unsure: it may be ${Math.round(insights.bpm / 2)} or ${Math.round(insights.bpm * 2)})`
        : '';
    return `${Math.round(insights.bpm)} BPM${confidence(sure)}${octaves}`;
  }
  return insights?.measurements && !insights.measurements.silent ? 'No steady beat' : 'Unknown';
}

/**
 * The genre with how likely it is and the runners-up; when none is likely enough to name, says so
 * and shows the closest ones, rather than presenting a guess as an answer.
 */
function genre(insights: AudioInsights | null): string {
  const ranked = insights?.genres ?? [];
  const others = (list: typeof ranked) => list.map((g) => `${g.genre} ${share(g.confidence)}`).join(', ');
  if (insights?.genre && ranked.length)
    return `${insights.genre} · ${share(ranked[0].confidence)} likely${ranked.length > 1 ? ` (then ${others(ranked.slice(1))})` : ''}`;
  if (ranked.length) return `No confident answer from the audio (closest: ${others(ranked)})`;
  return insights?.genre || 'Unknown';
}

export function analysisRows(insights: AudioInsights | null): Array<[string, string]> {
  const measured = insights?.measurements;
  return [
    ['Tempo', tempo(insights)],
    [
      'Key',
      insights?.key
        ? `${insights.key}${confidence(measured?.key?.confidence)}${(measured?.key?.confidence ?? 1) < UNSURE ? ' (unsure: check it by ear)' : ''}`
        : 'Unknown',
    ],
    ['Genre', genre(insights)],
    ['Instruments', joined(insights?.instruments) || 'None detected'],
    ['Mood', joined(insights?.mood) || 'Unknown'],
    ['Dynamic Range', insights?.dynamicRange || 'Not analyzed'],
    ['Frequency Balance', insights?.frequencyBalance || 'Not analyzed'],
    ['Production Style', insights?.productionStyle || 'Not analyzed'],
  ];
}
