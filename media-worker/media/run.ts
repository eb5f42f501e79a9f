import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import ffmpeg, { type FfmpegCommand, type FfprobeData } from 'fluent-ffmpeg';

const require = createRequire(import.meta.url);

/**
 * Where a tool is: FFMPEG_PATH/FFPROBE_PATH when set, else Debian's build when installed (the one CI
 * tests against), else the static build that ships inside an npm package, so `npm install && npm
 * start` needs nothing from the system.
 */
function toolPath(fromEnv: string | undefined, debianPath: string, npmPackage: string): string {
  if (fromEnv) return fromEnv;
  if (existsSync(debianPath)) return debianPath;
  try {
    return (require(npmPackage) as { path: string }).path;
  } catch {
    return debianPath;
  }
}

export const FFMPEG = toolPath(process.env.FFMPEG_PATH, '/usr/bin/ffmpeg', '@ffmpeg-installer/ffmpeg');
export const FFPROBE = toolPath(process.env.FFPROBE_PATH, '/usr/bin/ffprobe', '@ffprobe-installer/ffprobe');
ffmpeg.setFfmpegPath(FFMPEG);
ffmpeg.setFfprobePath(FFPROBE);

/**
 * A fluent-ffmpeg command on `input` that is killed after `timeoutSeconds` and keeps all of stderr.
 * Niced: on a busy node requests and the worker's other lanes (a mail) get the CPU first.
 */
export function command(input?: string, timeoutSeconds = 600): FfmpegCommand {
  return ffmpeg(input, { timeout: timeoutSeconds, stdoutLines: 0, niceness: 10 });
}

/** Runs a command (its output set) to the end; resolves with ffmpeg's stderr, where filters report. */
export function run(cmd: FfmpegCommand): Promise<string> {
  return new Promise((resolve, reject) => {
    cmd
      .on('error', (error: Error, _stdout: string | null, stderr: string | null) => {
        const detail = (stderr || error.message).trim().split('\n').slice(-3).join(' | ');
        reject(new Error(`ffmpeg failed: ${detail}`));
      })
      .on('end', (_stdout: string | null, stderr: string | null) => resolve(stderr ?? ''));
    cmd.run();
  });
}

export function probe(file: string): Promise<FfprobeData> {
  return new Promise((resolve, reject) =>
    ffmpeg.ffprobe(file, (error, data) => (error ? reject(error) : resolve(data))),
  );
}
