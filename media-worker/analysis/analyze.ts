// Analyses one audio file off the event loop: a child ffmpeg decodes and meters it, a worker thread
// runs the DSP on the PCM it streams. Time and memory are bounded whatever the file holds.
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { FFMPEG } from '../media/run.ts';
import { analysisArgs, isUnreadableInput, parseEbur128Summary, parseSourceInfo } from './ffmpegOutput.ts';
import { ANALYSIS_RATE, type SignalFeatures } from './signal.ts';
import type { AudioMeasurements } from './types.ts';
import type { FromWorker, ToWorker } from './worker.ts';

export type AudioSource = { path: string } | { bytes: Buffer };

export interface AnalyzeOptions {
  ffmpegPath?: string;
  /** Whole analysis deadline. */
  timeoutMs?: number;
  /** Only this much of a longer file is analysed. */
  maxSeconds?: number;
}

/** A failure the user can act on (not audio, too slow); anything else is a bug. */
export class AnalysisError extends Error {}

const STEREO_FRAME_BYTES = 8;
/**
 * ffmpeg's output arrives in 64 KB pieces; they are gathered into batches this large before going
 * to the worker, because each message costs about as much as analysing the piece (profiled).
 */
const BATCH_BYTES = 1024 * 1024;
/** Batches in flight to the worker before ffmpeg's output is paused. */
const MAX_IN_FLIGHT = 4;
/** Only the head (stream listing) and tail (loudness summary) of stderr are kept. */
const STDERR_KEEP = 32 * 1024;
const WORKER_HEAP_MB = 96;

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_SECONDS = 15 * 60;
/** Deadline for long files: the analysis runs at 60× real time or better, so this leaves room for a busy machine. */
const MIN_SPEED = 15;

/**
 * Options for a file of `durationSeconds` (0 when unknown): the whole of it (at least the first
 * DEFAULT_MAX_SECONDS), with a deadline that grows with its length. The wizard and the media
 * worker both use this, so a track's stored analysis is the one its artist saw.
 */
export function analysisOptionsFor(durationSeconds: number): Required<Omit<AnalyzeOptions, 'ffmpegPath'>> {
  const maxSeconds = Math.max(DEFAULT_MAX_SECONDS, Math.ceil(durationSeconds) + 1);
  return { maxSeconds, timeoutMs: Math.max(DEFAULT_TIMEOUT_MS, Math.round((maxSeconds / MIN_SPEED) * 1000)) };
}

function measurements(features: SignalFeatures, stderr: string): AudioMeasurements {
  const loudness = parseEbur128Summary(stderr) ?? { integratedLufs: null, loudnessRangeLu: 0, truePeakDbtp: null };
  const silent = features.meanSquare === 0 || loudness.integratedLufs === null;
  const { meanSquare: _meanSquare, tempoEvidence: _tempoEvidence, transientsPerSecond, key, ...rest } = features;
  return {
    ...rest,
    // The evidence of tempo and key is for fitting their calibration, not for storing.
    key: key && { tonic: key.tonic, mode: key.mode, confidence: key.confidence },
    source: parseSourceInfo(stderr),
    loudness,
    plrDb:
      loudness.truePeakDbtp !== null && loudness.integratedLufs !== null
        ? Math.round((loudness.truePeakDbtp - loudness.integratedLufs) * 10) / 10
        : null,
    transientsPerSecond,
    silent,
  };
}

export function analyzeAudio(source: AudioSource, options: AnalyzeOptions = {}): Promise<AudioMeasurements> {
  const input = 'path' in source ? source.path : 'pipe:0';
  const ffmpeg = spawn(
    options.ffmpegPath ?? FFMPEG,
    analysisArgs(input, ANALYSIS_RATE, options.maxSeconds ?? DEFAULT_MAX_SECONDS),
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });

  return new Promise<AudioMeasurements>((resolve, reject) => {
    let settled = false;
    let head = '';
    let tail = '';
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let inFlight = 0;
    let ffmpegDone = false;

    const finish = (error: Error | null, result?: AudioMeasurements) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ffmpeg.kill('SIGKILL');
      void worker.terminate();
      if (error) reject(error);
      else resolve(result!);
    };
    const timer = setTimeout(
      () => finish(new AnalysisError('Audio analysis took too long')),
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const send = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);

    ffmpeg.stderr.setEncoding('utf8');
    ffmpeg.stderr.on('data', (text: string) => {
      if (head.length < STDERR_KEEP) head += text.slice(0, STDERR_KEEP - head.length);
      tail = (tail + text).slice(-STDERR_KEEP);
    });
    /** Sends the whole stereo frames gathered so far; a partial frame waits for the next piece. */
    const flush = () => {
      const whole = pendingBytes - (pendingBytes % STEREO_FRAME_BYTES);
      if (whole === 0) return;
      const bytes = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
      // A copy the worker can own: stream chunks may share a pooled buffer.
      const data = new ArrayBuffer(whole);
      new Uint8Array(data).set(bytes.subarray(0, whole));
      pending = whole < bytes.length ? [Buffer.from(bytes.subarray(whole))] : [];
      pendingBytes -= whole;
      send({ type: 'chunk', data }, [data]);
      if (++inFlight >= MAX_IN_FLIGHT) ffmpeg.stdout.pause();
    };
    ffmpeg.stdout.on('data', (chunk: Buffer) => {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= BATCH_BYTES) flush();
    });
    const endIfDrained = () => {
      if (ffmpegDone && inFlight === 0) send({ type: 'end' });
    };
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ack') {
        inFlight--;
        if (inFlight < MAX_IN_FLIGHT) ffmpeg.stdout.resume();
        endIfDrained();
        return;
      }
      const stderr = head + tail;
      if (message.features.durationSeconds === 0) return finish(new AnalysisError('No audio found in the file'));
      finish(null, measurements(message.features, stderr));
    });
    worker.on('error', (error: Error) => finish(error));
    ffmpeg.on('error', (error) => finish(new Error(`ffmpeg could not start: ${error.message}`)));
    ffmpeg.on('close', (code) => {
      if (code !== 0) {
        const stderr = head + tail;
        return finish(
          isUnreadableInput(stderr) || code === null
            ? new AnalysisError('The file could not be read as audio')
            : new Error(`ffmpeg failed (${code}): ${tail.slice(-500)}`),
        );
      }
      ffmpegDone = true;
      flush();
      endIfDrained();
    });

    // ffmpeg stops reading garbage early: the broken pipe that follows is expected.
    ffmpeg.stdin.on('error', () => {});
    if ('bytes' in source) ffmpeg.stdin.end(source.bytes);
    else ffmpeg.stdin.end();
  });
}
