// Builders for the JSON Schemas (2020-12, as OpenAPI 3.1 uses) that describe API answers. Objects are
// closed (`additionalProperties: false`) and every listed field is required unless marked optional:
// the test client checks each answer against them, so a field the code adds without describing fails.

export type JsonSchema = Record<string, unknown>;

const named = new Map<string, JsonSchema>();

/** A schema shared by several answers, listed once under components/schemas; returns its $ref. */
export function component(name: string, schema: JsonSchema): JsonSchema {
  if (named.has(name) && named.get(name) !== schema) throw new Error(`Two API schemas are named ${name}`);
  named.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

/** The shared schemas a document refers to, by name. */
export function componentSchemas(): ReadonlyMap<string, JsonSchema> {
  return named;
}

const OPTIONAL = Symbol('optional');
type Field = JsonSchema & { [OPTIONAL]?: true };

/** A field that may be absent. */
export const optional = (schema: JsonSchema): Field => ({ ...schema, [OPTIONAL]: true });

export const string: JsonSchema = { type: 'string' };
export const integer: JsonSchema = { type: 'integer' };
export const number: JsonSchema = { type: 'number' };
export const boolean: JsonSchema = { type: 'boolean' };
/** A calendar month, `YYYY-MM` (the monthly drop's, a statement's, a pledge's). */
export const MONTH: JsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}$' };
/** An ISO 8601 date-time as JSON writes a Date. */
export const dateTime: JsonSchema = { type: 'string', format: 'date-time' };

export const nullable = (schema: JsonSchema): JsonSchema =>
  schema.$ref || schema.oneOf || schema.enum
    ? { anyOf: [schema, { type: 'null' }] }
    : { ...schema, type: [schema.type, 'null'] };
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const oneOf = (...values: readonly (string | number | boolean | null)[]): JsonSchema => ({ enum: [...values] });
/** An object keyed by arbitrary names (ids, days), each value of one shape. */
export const mapOf = (values: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: values });

/** A closed object: these fields, required unless `optional`. */
export function object(fields: Record<string, Field>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const { [OPTIONAL]: isOptional, ...schema } = field;
    properties[name] = schema;
    if (!isOptional) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The same object with more fields (closed objects cannot be combined with allOf). */
export function extend(base: JsonSchema, fields: Record<string, Field>): JsonSchema {
  const more = object(fields);
  return {
    ...base,
    properties: { ...(base.properties as object), ...(more.properties as object) },
    required: [...(base.required as string[]), ...(more.required as string[])],
  };
}

/** Every failure's body. */
export const ERROR = component('Error', object({ message: string }));
/** A success told in words (logged out, deleted…). */
export const NOTICE = component('Notice', object({ message: string }));
