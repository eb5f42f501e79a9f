import { command, probe, run } from './run.ts';

// Audio facts and derivatives through ffmpeg/ffprobe child processes (fluent-ffmpeg), never on the event loop.

export type AudioFormat = 'wav' | 'flac';

/** The real container by magic bytes: RIFF/WAVE or fLaC. */
export function sniffAudio(head: Buffer): AudioFormat | null {
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WAVE')
    return 'wav';
  if (head.length >= 4 && head.toString('latin1', 0, 4) === 'fLaC') return 'flac';
  return null;
}

export interface AudioInfo {
  codec: string;
  /** Seconds, with fractions. */
  duration: number;
  sampleRate: number;
  bitDepth: number | null;
  channels: number;
}

/** Probes the first audio stream; throws when ffprobe cannot read one. */
export async function probeAudio(file: string): Promise<AudioInfo> {
  const data = await probe(file);
  const stream = data.streams.find((s) => s.codec_type === 'audio');
  if (!stream) throw new Error('no audio stream');
  const duration = Number(stream.duration ?? data.format.duration);
  const bits = Number(stream.bits_per_raw_sample) || Number(stream.bits_per_sample) || null;
  const info = {
    codec: String(stream.codec_name),
    duration,
    sampleRate: Number(stream.sample_rate),
    bitDepth: bits,
    channels: Number(stream.channels),
  };
  if (!(info.duration > 0) || !(info.sampleRate > 0) || !(info.channels > 0))
    throw new Error('audio stream without duration, rate or channels');
  // ffprobe trusts a WAV header; decoding the first seconds proves the samples are there.
  await run(command(file, 60).addOption('-xerror').duration(5).format('null').output('-'));
  return info;
}

/** Peak levels (0–1) of `buckets` equal slices of the track, from a mono 8 kHz decode streamed through. */
export async function waveformPeaks(file: string, duration: number, buckets: number): Promise<number[]> {
  const rate = 8000;
  const perBucket = Math.max(1, Math.ceil((duration * rate) / buckets));
  const peaks = new Array<number>(buckets).fill(0);
  let index = 0;
  let carry: Buffer | null = null;
  await new Promise<void>((resolve, reject) => {
    const decode = command(file).noVideo().audioChannels(1).audioFrequency(rate).format('s16le');
    decode.on('error', reject).on('end', () => resolve());
    decode.pipe().on('data', (chunk: Buffer) => {
      const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      for (let i = 0; i < whole; i += 2, index++) {
        const bucket = Math.min(buckets - 1, Math.floor(index / perBucket));
        const level = Math.abs(data.readInt16LE(i)) / 32768;
        if (level > peaks[bucket]) peaks[bucket] = level;
      }
      carry = whole < data.length ? data.subarray(whole) : null;
    });
  });
  return peaks.map((p) => Math.round(p * 1000) / 1000);
}

/** The streaming file: AAC in MP4 at a streaming bitrate, playable in every browser. */
export async function transcodeToAac(file: string, out: string, bitrate = '192k'): Promise<void> {
  await run(
    command(file)
      .noVideo()
      .audioCodec('aac')
      .audioBitrate(bitrate)
      .outputOptions('-movflags', '+faststart')
      .output(out),
  );
}
