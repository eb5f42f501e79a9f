import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { analyzeRules, enhanceRequired, enhanceRules } from './rules.ts';
import type { AnalyzeInput } from './service.ts';
import type { EnhanceInput } from './types.ts';

const parseAnalyze = bodyValidator<AnalyzeInput>(analyzeRules);
const parseEnhance = bodyValidator<EnhanceInput>(enhanceRules, enhanceRequired);

export function aiRoutes(router: ApiRouter, kernel: Kernel) {
  const ai = kernel.services.ai;

  // Analysis costs seconds of CPU, so only signed-in users (the wizard's artists) may ask for it.
  router.post('/ai/analyze-audio', async (ctx) => {
    const user = requireUser(ctx);
    const reply = await ai.analyze(user.id, parseAnalyze(ctx.request.body));
    // Not audio: the spec's reply shape with success false, under a 4xx so clients see a failure.
    if (!reply.success) ctx.status = 422;
    ctx.body = reply;
  });

  router.post('/ai/enhance-track', async (ctx) => {
    requireUser(ctx);
    ctx.body = await ai.enhance(parseEnhance(ctx.request.body));
  });
}
