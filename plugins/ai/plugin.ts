import { bodyParser } from '@koa/bodyparser';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { aiRoutes } from './routes.ts';
import { ANALYZE_JSON_LIMIT_BYTES } from './rules.ts';
import { createAiService } from './service.ts';

const audioBody = bodyParser({ enableTypes: ['json'], jsonLimit: ANALYZE_JSON_LIMIT_BYTES, encoding: 'utf-8' });

const ai: PluginManifest = {
  name: 'ai',
  // catalog owns the spec's genre list; releases resolves the user's uploads for analysis.
  dependsOn: ['accounts', 'catalog', 'releases'],
  services: createAiService,
  // analyze-audio carries a whole audio file as base64: only that path, and only for a signed-in
  // user, gets a JSON limit above the kernel's 1 MB (as releases does for /api/upload).
  middleware: () => async (ctx, next) => {
    if (ctx.method === 'POST' && ctx.path === '/api/ai/analyze-audio' && ctx.state.user) return audioBody(ctx, next);
    return next();
  },
  routes: aiRoutes,
};

export default ai;
