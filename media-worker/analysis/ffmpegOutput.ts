// Arguments for the one ffmpeg run an analysis needs, and parsers for what it prints on stderr.
import type { LoudnessMeasurement } from './types.ts';

/**
 * One decode feeds two outputs: the EBU R128 meter (with true peak) at the source's own rate, and
 * float stereo PCM at `rate` on stdout for the DSP. `input` is a path or 'pipe:0'.
 */
export function analysisArgs(input: string, rate: number, maxSeconds: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'info',
    '-t',
    String(maxSeconds),
    '-i',
    input,
    '-filter_complex',
    `[0:a:0]asplit=2[meter][dsp];[meter]ebur128=peak=true:framelog=verbose[metered];` +
      `[dsp]aresample=${rate},aformat=sample_fmts=flt:channel_layouts=stereo[pcm]`,
    '-map',
    '[metered]',
    '-f',
    'null',
    '-',
    '-map',
    '[pcm]',
    '-f',
    'f32le',
    'pipe:1',
  ];
}

function numberAfter(text: string, label: RegExp): number | null {
  const match = label.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isFinite(value) ? value : null;
}

/** Reads the "Summary:" block ebur128 prints when the stream ends; null when there is none. */
export function parseEbur128Summary(stderr: string): LoudnessMeasurement | null {
  const at = stderr.lastIndexOf('Summary:');
  if (at < 0) return null;
  const summary = stderr.slice(at);
  const integrated = numberAfter(summary, /I:\s+(-?[\d.]+|-inf) LUFS/);
  const range = numberAfter(summary, /LRA:\s+(-?[\d.]+) LU/);
  const peak = numberAfter(summary, /Peak:\s+(-?[\d.]+|-inf) dBFS/);
  if (range === null) return null;
  return {
    // ebur128 reports -70 LUFS (its absolute gate) for silence.
    integratedLufs: integrated === null || integrated <= -70 ? null : integrated,
    loudnessRangeLu: range,
    truePeakDbtp: peak,
  };
}

/** Codec, rate and channels of the first audio stream of input #0, from ffmpeg's stream listing. */
export function parseSourceInfo(stderr: string): {
  codec: string | null;
  sampleRate: number | null;
  channels: number | null;
} {
  const inputAt = stderr.indexOf('Input #0');
  const line = /Stream #0:\d+[^:]*: Audio: ([\w-]+)[^,]*, (\d+) Hz, ([^,]+)/.exec(
    inputAt < 0 ? stderr : stderr.slice(inputAt),
  );
  if (!line) return { codec: null, sampleRate: null, channels: null };
  const layout = line[3].trim();
  const named: Record<string, number> = {
    mono: 1,
    stereo: 2,
    '2.1': 3,
    quad: 4,
    '4.0': 4,
    '5.0': 5,
    '5.1': 6,
    '6.1': 7,
    '7.1': 8,
  };
  const channels = named[layout.replace(/\(.*\)/, '')] ?? (Number(/^(\d+) channels/.exec(layout)?.[1]) || null);
  return { codec: line[1], sampleRate: Number(line[2]), channels };
}

/** ffmpeg's words for input it cannot read, so the caller can say "not audio" instead of failing. */
export function isUnreadableInput(stderr: string): boolean {
  return new RegExp(
    String.raw`Invalid data found when processing input` +
      String.raw`|could not find codec parameters|matches no streams` +
      String.raw`|does not contain any stream|Invalid argument|End of file|no such file` +
      String.raw`|Operation not permitted|Failed to read frame size` +
      String.raw`|Format .* detected only with low score|unspecified size`,
    'i',
  ).test(stderr);
}
