// What the Audio Analysis Results dialog lists (spec §2 Step 3), as label and text: kept apart from
// the dialog so the wording (confidence, "No steady beat") is tested without a browser.
import type { AudioInsights } from './types.ts';
import * as m from '../../lib/i18n/messages.ts';
import { intlLocale, perLocale } from '../../lib/i18n/format.ts';

const LIST = perLocale((locale) => new Intl.ListFormat(locale, { type: 'unit', style: 'short' }));
const PERCENT = perLocale((locale) => new Intl.NumberFormat(locale, { style: 'percent' }));

/** Spec §3 allows mood as a list or a single value. English keeps "a, b, c". */
function joined(value: string[] | string | null | undefined): string {
  if (Array.isArray(value)) return intlLocale() === 'en' ? value.join(', ') : LIST().format(value);
  return value ?? '';
}

/** A 0–1 share as the language writes a percentage; English keeps "87 %". */
function share(value: number): string {
  const rounded = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return intlLocale() === 'en' ? `${rounded} %` : PERCENT().format(rounded / 100);
}

/** Below this confidence a measurement is presented as unsure (about half of such answers are wrong). */
export const UNSURE = 0.5;

/** What was measured with how sure it is, e.g. "120 BPM · 87 % confidence"; alone when that was not measured. */
function confidence(what: string, value: number | null | undefined): string {
  return value == null ? what : m.ai_confidence({ what, share: share(value) });
}

/**
 * The tempo as the artist reads it: the BPM with how sure it is, "No steady beat" when the audio was
 * measured and has no pulse (bpm null: a drone, free time), "Unknown" when nothing was measured.
 */
function tempo(insights: AudioInsights | null): string {
  const sure = insights?.measurements?.tempoConfidence;
  if (insights?.bpm) {
    const bpm = Math.round(insights.bpm);
    // An unsure tempo is most often off by an octave: the alternatives are named so the artist can tap along and pick.
    if (sure != null && sure < UNSURE)
      return m.ai_tempo_unsure({
        bpm,
        share: share(sure),
        half: Math.round(insights.bpm / 2),
        double: Math.round(insights.bpm * 2),
      });
    return confidence(m.ai_bpm({ bpm }), sure);
  }
  return insights?.measurements && !insights.measurements.silent ? m.ai_no_beat() : m.ai_unknown();
}

/**
 * The genre with how likely it is and the runners-up; when none is likely enough to name, says so
 * and shows the closest ones, rather than presenting a guess as an answer.
 */
function genre(insights: AudioInsights | null): string {
  const ranked = insights?.genres ?? [];
  const others = (list: typeof ranked) => joined(list.map((g) => `${g.genre} ${share(g.confidence)}`));
  if (insights?.genre && ranked.length) {
    const likely = { genre: insights.genre, share: share(ranked[0].confidence) };
    return ranked.length > 1
      ? m.ai_genre_likely_then({ ...likely, others: others(ranked.slice(1)) })
      : m.ai_genre_likely(likely);
  }
  if (ranked.length) return m.ai_genre_none({ others: others(ranked) });
  return insights?.genre || m.ai_unknown();
}

function key(insights: AudioInsights | null): string {
  const sure = insights?.measurements?.key?.confidence;
  if (!insights?.key) return m.ai_unknown();
  if (sure != null && sure < UNSURE) return m.ai_key_unsure({ key: insights.key, share: share(sure) });
  return confidence(insights.key, sure);
}

export function analysisRows(insights: AudioInsights | null): Array<[string, string]> {
  return [
    [m.ai_tempo(), tempo(insights)],
    [m.ai_key(), key(insights)],
    [m.ai_genre(), genre(insights)],
    [m.ai_instruments(), joined(insights?.instruments) || m.ai_none_detected()],
    [m.ai_mood(), joined(insights?.mood) || m.ai_unknown()],
    [m.ai_dynamic_range(), insights?.dynamicRange || m.ai_not_analyzed()],
    [m.ai_frequency_balance(), insights?.frequencyBalance || m.ai_not_analyzed()],
    [m.ai_production_style(), insights?.productionStyle || m.ai_not_analyzed()],
  ];
}
