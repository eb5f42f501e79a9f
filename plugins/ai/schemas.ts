import {
  arrayOf,
  boolean,
  component,
  integer,
  nullable,
  number,
  object,
  oneOf,
  optional,
  string,
} from '../../api/openapi/schema.ts';

const strings = arrayOf(string);

const Measurements = object({
  durationSeconds: number,
  source: object({ codec: nullable(string), sampleRate: nullable(integer), channels: nullable(integer) }),
  bpm: nullable(number),
  tempoConfidence: number,
  key: nullable(object({ tonic: string, mode: oneOf('major', 'minor'), confidence: number })),
  loudness: object({ integratedLufs: nullable(number), loudnessRangeLu: number, truePeakDbtp: nullable(number) }),
  plrDb: nullable(number),
  bands: object({ low: number, mid: number, high: number }),
  stereoWidth: number,
  stereoCorrelation: number,
  transientsPerSecond: number,
  tonality: number,
  silent: boolean,
});

export const AnalysisReply = component(
  'AnalysisReply',
  object({
    success: boolean,
    message: string,
    insights: nullable(
      object({
        bpm: nullable(number),
        key: nullable(string),
        genre: nullable(string),
        // The likeliest genres with their probabilities (the dialog's top 3).
        genres: optional(arrayOf(object({ genre: string, confidence: number }))),
        mood: strings,
        instruments: strings,
        dynamicRange: nullable(string),
        frequencyBalance: nullable(string),
        productionStyle: nullable(string),
        creativeStrengths: strings,
        potentialImprovements: strings,
        measurements: nullable(Measurements),
      }),
    ),
  }),
);

export const EnhancementReply = object({
  enhancedDescription: string,
  genres: strings,
  tags: strings,
  moods: strings,
  suggestedKey: nullable(string),
  suggestedBPM: nullable(integer),
});
