import type { Kernel } from '../../api/plugins/types.ts';
import { AppError, invalid, notFound } from '../../api/errors.ts';
import {
  AnalysisError,
  analysisOptionsFor,
  analyzeAudio,
  type AnalyzeOptions,
  type AudioSource,
} from '../../media-worker/analysis/analyze.ts';
import { enhanceLocally } from './enhancer.ts';
import { describeAudio } from './insights.ts';
import { enhanceWithProvider } from './provider.ts';
import { MAX_AUDIO_BYTES, TITLE_REQUIRED_MESSAGE } from './rules.ts';
import type { AnalysisReply, EnhanceInput, EnhancementReply } from './types.ts';

export interface AnalyzeInput {
  audioData?: string;
  uploadUrl?: string;
}

/** Two analyses at once use both cores; a few more may wait, the rest are told to retry. */
const MAX_RUNNING = 2;
const MAX_WAITING = 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

declare module '../../api/plugins/types.ts' {
  interface Services {
    ai: AiService;
  }
}

export type AiService = ReturnType<typeof createAiService>;

export function createAiService(kernel: Kernel) {
  let running = 0;
  const waiting: Array<() => void> = [];

  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= MAX_RUNNING) {
      if (waiting.length >= MAX_WAITING)
        throw new AppError('too_many', 'The audio analyser is busy. Please try again in a minute.', 30);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  function decodeAudioData(audioData: string): Buffer {
    // Tolerate a data-URL prefix and line breaks, which browsers and tools add.
    const base64 = audioData.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
    if (!base64) throw invalid('No audio data received');
    if (base64.length % 4 === 1 || !BASE64.test(base64)) throw invalid('audioData must be base64-encoded audio');
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > MAX_AUDIO_BYTES) throw new AppError('too_large', 'File size must be less than 100MB');
    return bytes;
  }

  /** Another user's upload reads as missing: its existence is not theirs to learn. */
  /** The options the media worker will use on this file once it is a track's master: same numbers in both. */
  async function ownedUpload(userId: number, url: string): Promise<{ source: AudioSource; options: AnalyzeOptions }> {
    const upload = await kernel.services.releases.resolveOwnedUpload(userId, url);
    if (!upload) throw notFound('Upload not found');
    if (upload.kind !== 'audio') throw invalid('That upload is not an audio file');
    return { source: { path: upload.filePath }, options: analysisOptionsFor(upload.duration ?? 0) };
  }

  return {
    /** Spec §7 analyze-audio: success false (never a 500) when the bytes are not audio. */
    async analyze(userId: number, input: AnalyzeInput): Promise<AnalysisReply> {
      if ((input.audioData === undefined) === (input.uploadUrl === undefined)) {
        throw invalid('Send either audioData (base64 audio) or uploadUrl');
      }
      const { source, options } =
        input.audioData !== undefined
          ? { source: { bytes: decodeAudioData(input.audioData) }, options: analysisOptionsFor(0) }
          : await ownedUpload(userId, input.uploadUrl!);
      if ('bytes' in source && source.bytes.length === 0) throw invalid('No audio data received');
      try {
        const measurements = await withSlot(() => analyzeAudio(source, options));
        // A measurement is kept nowhere: no cache on any node changes.
        await kernel.cache.changed([]);
        return { success: true, message: 'Audio analysis complete', insights: describeAudio(measurements) };
      } catch (error) {
        if (error instanceof AnalysisError) return { success: false, message: error.message, insights: null };
        throw error;
      }
    },

    /** Spec §7 enhance-track: the provider when configured and well-behaved, else the local enhancer. */
    async enhance(input: EnhanceInput): Promise<EnhancementReply> {
      if (!input.title?.trim()) throw invalid(TITLE_REQUIRED_MESSAGE);
      // A suggestion is kept nowhere: no cache on any node changes.
      await kernel.cache.changed([]);
      const local = enhanceLocally(input);
      const { baseUrl, apiKey, model, timeoutMs } = kernel.settings.ai;
      if (!baseUrl || !model) return local;
      const provider = { baseUrl, apiKey, model, timeoutMs };
      try {
        return await enhanceWithProvider(provider, input, local);
      } catch (error) {
        kernel.log.warn('AI provider failed; using the local enhancer', { error: (error as Error).message });
        return local;
      }
    },
  };
}
