// Shapes of the ai plugin's replies (spec §3), shared by the API, the wizard and its islands.
import type { AudioMeasurements } from '../../media-worker/analysis/types.ts';
import type { GenreSuggestion } from './genre.ts';

export type { AudioMeasurements, GenreSuggestion };

/** Spec §3 "Audio analysis insights". Missing values are null or empty so the dialog shows its fallbacks. */
export interface AudioInsights {
  bpm: number | null;
  /** E.g. "A minor". */
  key: string | null;
  /** One of the spec's genre list: the likeliest of `genres`, null when none is likely enough to name. */
  genre: string | null;
  /** The likeliest genres with their probabilities, likeliest first (empty for silence). */
  genres?: GenreSuggestion[];
  mood: string[];
  instruments: string[];
  dynamicRange: string | null;
  frequencyBalance: string | null;
  productionStyle: string | null;
  creativeStrengths: string[];
  potentialImprovements: string[];
  /** The numbers behind the words, for clients that want them. */
  measurements: AudioMeasurements | null;
}

/** Reply of POST /api/ai/analyze-audio. */
export interface AnalysisReply {
  success: boolean;
  message: string;
  insights: AudioInsights | null;
}

/** Body of POST /api/ai/enhance-track; bpm, key and mood come from an analysis when there was one. */
export interface EnhanceInput {
  title: string;
  artist?: string;
  description?: string;
  genre?: string;
  bpm?: number;
  key?: string;
  mood?: string;
}

/** Spec §3 "AI enhancement reply". */
export interface EnhancementReply {
  enhancedDescription: string;
  genres: string[];
  tags: string[];
  moods: string[];
  suggestedKey: string | null;
  suggestedBPM: number | null;
}
