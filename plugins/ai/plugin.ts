import type { PluginManifest } from '../../api/plugins/types.ts';
import { aiRoutes } from './routes.ts';
import { ANALYZE_JSON_LIMIT_BYTES } from './rules.ts';
import { createAiService } from './service.ts';
import { aiSettings } from './settings.ts';

const ai: PluginManifest = {
  name: 'ai',
  api: '^1.0.0',
  // catalog owns the spec's genre list; releases resolves the user's uploads for analysis.
  dependsOn: ['accounts', 'catalog', 'releases'],
  settings: aiSettings,
  services: createAiService,
  // analyze-audio carries a whole audio file as base64.
  largeJsonBodies: [{ path: '/api/ai/analyze-audio', limit: ANALYZE_JSON_LIMIT_BYTES }],
  routes: aiRoutes,
  slots: {
    'upload.audio-tools': 'islands/AnalyzeAudio.tsx',
    'upload.description-tools': 'islands/EnhanceDescription.tsx',
  },
};

export default ai;
