import { Ajv } from 'ajv';
import { invalid } from '../../api/errors.ts';
import { CREDIT_LIMITS } from './rules.ts';

// The release form's nested `metadata` (spec §3): credit lists and optional musical facts. The flat
// fields go through the shared field rules; this object has a shape of its own.

export interface Credit {
  name: string;
  role?: string;
  contribution?: string;
}

export interface ReleaseMetadata {
  artistRoles: Credit[];
  productionCredits: Credit[];
  songwriterCredits: Credit[];
  royaltySplits: Array<{ name: string; share: number }>;
  key?: string;
  bpm?: number;
  moods?: string[];
  tags?: string[];
}

const name = { type: 'string', minLength: 1, maxLength: CREDIT_LIMITS.name, pattern: '\\S' };
const role = { type: 'string', minLength: 1, maxLength: CREDIT_LIMITS.role, pattern: '\\S' };
const list = (item: object) => ({ type: 'array', maxItems: CREDIT_LIMITS.items, items: item });
const words = { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 40 } };

/** The JSON Schema of `metadata` (also in the API description). */
export const metadataSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    artistRoles: list({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'role'],
      properties: { name, role },
    }),
    productionCredits: list({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'role'],
      properties: { name, role },
    }),
    songwriterCredits: list({
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name, contribution: { type: 'string', maxLength: CREDIT_LIMITS.role } },
    }),
    royaltySplits: list({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'share'],
      properties: { name, share: { type: 'number', minimum: 0, maximum: 100 } },
    }),
    key: { type: 'string', maxLength: 20 },
    bpm: { type: 'number', minimum: 20, maximum: 400 },
    moods: words,
    tags: words,
  },
};

const ajv = new Ajv({ allErrors: false, removeAdditional: false, strict: true });
const validate = ajv.compile(metadataSchema);

/** The checked metadata with every list present; 400 naming the first bad credit otherwise. */
export function parseMetadata(value: unknown): ReleaseMetadata {
  const input = value ?? {};
  if (!validate(input)) {
    const error = validate.errors![0];
    const where = error.instancePath.split('/').filter(Boolean);
    const field = where[0] ?? 'metadata';
    if (where.length >= 2 && (error.params as { missingProperty?: string }).missingProperty === 'role')
      throw invalid(`${field}: Role is required`);
    if (
      where.length >= 2 &&
      ((error.params as { missingProperty?: string }).missingProperty === 'name' || where[2] === 'name')
    )
      throw invalid(`${field}: Name is required`);
    throw invalid(`metadata${error.instancePath.replace(/\//g, '.')} ${error.message}`);
  }
  const meta = input as Partial<ReleaseMetadata>;
  const trim = (credits: Credit[] = []) =>
    credits.map((c) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.trim()])) as unknown as Credit);
  return {
    ...meta,
    artistRoles: trim(meta.artistRoles),
    productionCredits: trim(meta.productionCredits),
    songwriterCredits: trim(meta.songwriterCredits),
    royaltySplits: meta.royaltySplits ?? [],
  };
}
