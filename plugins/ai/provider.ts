// Optional OpenAI-compatible provider for descriptions (AI_BASE_URL, AI_API_KEY, AI_MODEL). It only
// rewrites words: key and BPM always come from the analysis, and any failure, slowness or answer
// that breaks the rules falls back to the local enhancer's reply.
import { GENRES } from '../catalog/rules.ts';
import { DESCRIPTION_MAX_LENGTH } from './rules.ts';
import type { EnhanceInput, EnhancementReply } from './types.ts';

export interface ProviderConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/** Words that introduce a credit; a model must not add them when the artist did not. */
const CREDIT_WORDS = /\b(produced|co-produced|mixed|mastered|written|featuring|feat\.|ft\.|prod\.)/gi;

const SYSTEM_PROMPT = [
  'You improve track descriptions for a music platform.',
  `Answer with one JSON object: {"enhancedDescription": string (at most ` +
    `${DESCRIPTION_MAX_LENGTH} characters), "genres": string[], "tags": string[], ` +
    `"moods": string[]}.`,
  `Genres must come from this list: ${GENRES.join(', ')}.`,
  'Keep every fact the artist gave. Never invent names, collaborators, producers, credits, labels, dates or awards.',
].join(' ');

function strings(value: unknown, max: number): string[] | null {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return null;
  return value
    .map((v: string) => v.trim())
    .filter((v) => v && v.length <= 40)
    .slice(0, max);
}

/** The model's JSON, checked against the reply's rules; null when it does not keep them. */
export function parseProviderContent(
  content: string,
  input: EnhanceInput,
  local: EnhancementReply,
): EnhancementReply | null {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return null;
  }
  const description = typeof parsed.enhancedDescription === 'string' ? parsed.enhancedDescription.trim() : '';
  if (!description || description.length > DESCRIPTION_MAX_LENGTH) return null;
  const given = (input.description ?? '').toLowerCase();
  if ((description.match(CREDIT_WORDS) ?? []).some((word) => !given.includes(word.toLowerCase()))) return null;
  const genres = strings(parsed.genres, 3)?.filter((g): g is (typeof GENRES)[number] =>
    (GENRES as readonly string[]).includes(g),
  );
  const tags = strings(parsed.tags, 10);
  const moods = strings(parsed.moods, 4);
  if (!genres || !tags || !moods) return null;
  return {
    enhancedDescription: description,
    genres: genres.length ? genres : local.genres,
    tags: tags.map((t) => t.toLowerCase()),
    moods,
    suggestedKey: local.suggestedKey,
    suggestedBPM: local.suggestedBPM,
  };
}

/** Asks the provider; throws on any transport or protocol failure (the caller falls back). */
export async function enhanceWithProvider(
  config: ProviderConfig,
  input: EnhanceInput,
  local: EnhancementReply,
): Promise<EnhancementReply> {
  const facts = {
    title: input.title,
    artist: input.artist ?? '',
    genre: input.genre ?? '',
    description: input.description ?? '',
    analysedKey: local.suggestedKey,
    analysedBpm: local.suggestedBPM,
    analysedMoods: input.mood ?? '',
  };
  const response = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model,
      temperature: 0.4,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: JSON.stringify(facts) },
      ],
    }),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!response.ok) throw new Error(`provider answered ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('provider reply has no message content');
  const reply = parseProviderContent(content, input, local);
  if (!reply) throw new Error('provider reply broke the description rules');
  return reply;
}
