import { command, probe, run } from './run.ts';

// Video facts and the streaming file through ffmpeg/ffprobe child processes, as audio.ts does for sound.

export type VideoFormat = 'mp4' | 'webm';

/** The real container by magic bytes: ISO base media (MP4, MOV: `ftyp` at byte 4) or Matroska/WebM. */
export function sniffVideo(head: Buffer): VideoFormat | null {
  if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return null;
}

/** Seconds of the first video stream; throws when ffprobe finds none or its first seconds do not decode. */
export async function probeVideo(file: string): Promise<{ duration: number }> {
  const data = await probe(file);
  const stream = data.streams.find((s) => s.codec_type === 'video');
  if (!stream) throw new Error('no video stream');
  const duration = Number(stream.duration ?? data.format.duration);
  if (!(duration > 0)) throw new Error('video stream without duration');
  await run(command(file, 60).addOption('-xerror').duration(2).format('null').output('-'));
  return { duration };
}

/**
 * The streaming file: H.264 and AAC in MP4, at most 720 lines high, moov first, so that every
 * browser's <video> plays it and seeks through Range requests.
 */
export async function transcodeToMp4(file: string, out: string): Promise<void> {
  await run(
    command(file)
      .videoCodec('libx264')
      .outputOptions(['-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'])
      .videoFilters("scale=-2:'min(720,ih)'")
      .audioCodec('aac')
      .audioBitrate('128k')
      .outputOptions('-movflags', '+faststart')
      .output(out),
  );
}
