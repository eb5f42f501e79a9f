import { normalisationGainDb, PEAK_CEILING_DBTP, TARGET_LUFS } from '../../lib/loudness.ts';

// What a track's measured loudness means for its artist, in words: the player matches every track
// to one loudness (lib/loudness.ts), so the figures are advice for the next master, not a
// score. Shown to the track's own artist and admins only. Pure.

export interface MeasuredTrack {
  integrated: number;
  truePeak: number;
  range: number;
}

const db = (value: number) => `${Math.abs(value).toFixed(1)} dB`;
/** A signed figure with a real minus sign, as the rest of the page prints them. */
export const signed = (value: number, digits = 1) => value.toFixed(digits).replace('-', '−');
const TARGET = `${signed(TARGET_LUFS, 0)} LUFS`;

export function loudnessAdvice({ integrated, truePeak }: MeasuredTrack): string {
  const gain = normalisationGainDb({ lufs: integrated, truePeak });
  const wanted = TARGET_LUFS - integrated;
  const parts: string[] = [];
  if (Math.abs(wanted) < 1) {
    parts.push(`Your master sits at the ${TARGET} the player plays every track at: it plays as you mixed it.`);
  } else if (wanted < 0) {
    parts.push(
      `The player turns this master down by ${db(gain)} to ${TARGET}, so a louder master wins no loudness; ` +
        'a more dynamic master would keep more punch.',
    );
  } else if (gain < wanted - 0.05) {
    parts.push(
      `This master is quieter than ${TARGET}, and its true peak leaves room for only ${db(gain)} of the ` +
        `${db(wanted)} the player would add: it will play quieter than other tracks. Limiting the peaks, ` +
        'or a louder master, fixes that.',
    );
  } else {
    parts.push(`The player raises this master by ${db(gain)} to ${TARGET}; its true peak leaves room for that.`);
  }
  if (truePeak > PEAK_CEILING_DBTP - 1)
    parts.push(
      `Its true peak of ${signed(truePeak)} dBTP is close to clipping in lossy encodings; aim for −1 dBTP or lower.`,
    );
  return parts.join(' ');
}
