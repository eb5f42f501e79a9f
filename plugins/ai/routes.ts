import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { described } from '../../api/openapi/routes.ts';
import { AnalysisReply, EnhancementReply } from './schemas.ts';
import { tooMany } from '../../api/errors.ts';
import { requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { analyzeRules, enhanceRequired, enhanceRules } from './rules.ts';
import type { AnalyzeInput } from './service.ts';
import type { EnhanceInput } from './types.ts';

const parseAnalyze = bodyValidator<AnalyzeInput>(analyzeRules);
const parseEnhance = bodyValidator<EnhanceInput>(enhanceRules, enhanceRequired);

export function aiRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const ai = kernel.services.ai;
  // Each Enhance may be a paid call to the provider: ENHANCE_PER_HOUR per user, counted by every node together.
  const { enhancePerHour } = kernel.settings.ai;
  const enhancesByUser = enhancePerHour
    ? kernel.limits.create('enhance-user', { points: enhancePerHour, windowMs: 60 * 60 * 1000 })
    : null;

  // Analysis costs seconds of CPU, so only signed-in users (the wizard's artists) may ask for it.
  api.post(
    '/ai/analyze-audio',
    {
      summary:
        'Measure an audio file: tempo, key, loudness, bands, stereo (base64 `audioData` or an upload’s `uploadUrl`)',
      session: 'required',
      body: parseAnalyze,
      responses: {
        200: AnalysisReply,
        422: {
          description: 'Not audio: the same shape with success false',
          content: { 'application/json': AnalysisReply },
        },
      },
      errors: { 404: 'no such upload' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const reply = await ai.analyze(user.id, parseAnalyze(ctx.request.body));
      // Not audio: the spec's reply shape with success false, under a 4xx so clients see a failure.
      if (!reply.success) ctx.status = 422;
      ctx.body = reply;
    },
  );

  api.post(
    '/ai/enhance-track',
    {
      summary: 'Suggest a description, genres, tags and moods for a track',
      session: 'required',
      body: parseEnhance,
      responses: { 200: EnhancementReply },
      errors: { 429: 'Enhance used too often this hour' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseEnhance(ctx.request.body);
      const wait = enhancesByUser ? await enhancesByUser.take(String(user.id)) : 0;
      if (wait) throw tooMany('You have used Enhance too often.', wait);
      ctx.body = await ai.enhance(input);
    },
  );
}
