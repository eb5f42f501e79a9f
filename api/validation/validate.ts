import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { invalid } from '../errors.ts';
import { messageFor, objectSchema, type FieldRules } from './rules.ts';

const ajv = new Ajv({ allErrors: false, removeAdditional: 'all', strict: true, allowUnionTypes: true });

export interface BodyValidator<T> {
  (body: unknown): T;
  /** What it checks, for the API description (api/openapi). */
  rules: FieldRules;
  required: readonly string[];
}

export interface QueryValidator<T> {
  (query: Record<string, string | string[] | undefined>): Partial<T>;
  rules: FieldRules;
  required: readonly string[];
}

function describe(rules: FieldRules, error: ErrorObject): string {
  if (error.keyword === 'required') return messageFor(rules, String(error.params.missingProperty), 'required');
  const field = error.instancePath.split('/')[1];
  if (!field) return 'Request body must be a JSON object';
  return messageFor(rules, field, error.keyword);
}

/**
 * Compiles field rules into a validator that returns the cleaned body (unknown fields removed)
 * or throws a 400 with the rule's own message.
 */
export function bodyValidator<T>(rules: FieldRules, required: readonly string[] = []): BodyValidator<T> {
  const validate: ValidateFunction = ajv.compile(objectSchema(rules, required));
  const parse = (body: unknown) => {
    const copy = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : body;
    if (!validate(copy)) throw invalid(describe(rules, validate.errors![0]));
    return copy as T;
  };
  return Object.assign(parse, { rules, required });
}

// Query strings carry text: this instance turns digits into the integers the rules expect.
const queryAjv = new Ajv({ allErrors: false, removeAdditional: 'all', strict: true, coerceTypes: true });
/** An integer in a query string is written in decimal digits (ajv alone would take " 5", "1e2" or "0x10"). */
const DECIMAL = /^-?\d{1,15}$/;

/**
 * Compiles field rules into a validator of a query string (Koa's `ctx.query`): the rules' fields only,
 * integers coerced from decimal digits, a repeated parameter refused; a 400 with the rule's message.
 */
export function queryValidator<T>(rules: FieldRules): QueryValidator<T> {
  const validate: ValidateFunction = queryAjv.compile(objectSchema(rules));
  const parse = (query: Record<string, string | string[] | undefined>) => {
    const picked: Record<string, unknown> = {};
    for (const [field, rule] of Object.entries(rules)) {
      const value = query[field];
      if (value === undefined) continue;
      if (rule.type === 'integer' && !(typeof value === 'string' && DECIMAL.test(value)))
        throw invalid(messageFor(rules, field, 'type'));
      picked[field] = value;
    }
    if (!validate(picked)) throw invalid(describe(rules, validate.errors![0]));
    return picked as Partial<T>;
  };
  return Object.assign(parse, { rules, required: [] as const });
}
