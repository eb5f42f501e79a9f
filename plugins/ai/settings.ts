import { ConfigError } from '../../api/config.ts';
import type { SettingValues } from '../../api/plugins/settings.ts';
import type { SettingDeclaration } from '../../api/plugins/types.ts';

const needsBase = () => {
  throw new ConfigError("AI_API_KEY and AI_MODEL need AI_BASE_URL (the provider's http(s) base URL)");
};

/** The optional OpenAI-compatible provider (provider.ts) and what Enhance may cost. */
export const aiSettings = {
  baseUrl: {
    env: 'AI_BASE_URL',
    default: null as string | null,
    shownDefault: 'unset → local enhancer only',
    meaning:
      'OpenAI-compatible API base for Enhance (AI), e.g. `http://127.0.0.1:8080/v1`; ' +
      'any failure falls back to the local enhancer',
    validator(raw, env) {
      let url: URL | null = null;
      try {
        url = new URL(raw);
      } catch {
        // Refused below, with the other protocols.
      }
      if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
        throw new ConfigError(`AI_BASE_URL must be an http(s) URL, got "${raw}"`);
      if (!env.AI_MODEL)
        throw new ConfigError('AI_MODEL is required when AI_BASE_URL is set (e.g. gpt-4o-mini or a local model name)');
      return raw as string | null;
    },
  },
  model: {
    env: 'AI_MODEL',
    default: null as string | null,
    shownDefault: 'none (required with `AI_BASE_URL`)',
    meaning: 'model name sent to that API',
    validator: (raw, env) => (env.AI_BASE_URL ? (raw as string | null) : needsBase()),
  },
  apiKey: {
    env: 'AI_API_KEY',
    default: null as string | null,
    shownDefault: 'unset',
    meaning: 'bearer token for that API, if it needs one',
    validator: (raw, env) => (env.AI_BASE_URL ? (raw as string | null) : needsBase()),
  },
  timeoutMs: {
    env: 'AI_TIMEOUT_MS',
    default: 15000,
    meaning: 'how long to wait for that API before answering with the local enhancer',
    validator(raw) {
      const ms = Number(raw);
      if (!Number.isInteger(ms) || ms < 100 || ms > 120000)
        throw new ConfigError(`AI_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got "${raw}"`);
      return ms;
    },
  },
  enhancePerHour: {
    env: 'ENHANCE_PER_HOUR',
    default: 30,
    meaning:
      'Enhance (AI) calls one user may make an hour (each may be a paid call to `AI_BASE_URL`); `0` for no limit',
    validator(raw) {
      const count = Number(raw);
      if (!/^\d+$/.test(raw) || !Number.isSafeInteger(count))
        throw new ConfigError(`ENHANCE_PER_HOUR must be a whole number (0 turns the limit off), got "${raw}"`);
      return count;
    },
  },
} satisfies Record<string, SettingDeclaration>;

export type AiSettings = SettingValues<typeof aiSettings>;

declare module '../../api/plugins/types.ts' {
  interface Settings {
    ai: AiSettings;
  }
}
