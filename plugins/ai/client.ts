// Browser calls of the ai plugin, for the release wizard. Errors are ApiError (site/lib/api.ts):
// show them with messageOf(error, 'Failed to analyze audio') and the spec's toasts.
import { apiRequest } from '../../site/lib/api.ts';
import type { AnalysisReply, EnhanceInput, EnhancementReply } from './types.ts';

/** Analyses an audio file the signed-in user uploaded before (the url POST /api/upload returned). */
export function analyzeUpload(uploadUrl: string): Promise<AnalysisReply> {
  return apiRequest<AnalysisReply>('POST', '/api/ai/analyze-audio', { uploadUrl });
}

/** Analyses audio sent inline: base64 without the data-URL prefix (spec §7). */
export function analyzeAudioData(base64: string): Promise<AnalysisReply> {
  return apiRequest<AnalysisReply>('POST', '/api/ai/analyze-audio', { audioData: base64 });
}

export function enhanceTrack(input: EnhanceInput): Promise<EnhancementReply> {
  return apiRequest<EnhancementReply>('POST', '/api/ai/enhance-track', input);
}
