import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { invalid } from '../errors.ts';
import { messageFor, objectSchema, type FieldRules } from './rules.ts';

const ajv = new Ajv({ allErrors: false, removeAdditional: 'all', strict: true, allowUnionTypes: true });

export interface BodyValidator<T> {
  (body: unknown): T;
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
  return (body: unknown) => {
    const copy = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : body;
    if (!validate(copy)) throw invalid(describe(rules, validate.errors![0]));
    return copy as T;
  };
}
