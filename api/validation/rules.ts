// Field rules are the one source of truth for limits and messages: the server compiles them into
// ajv schemas, and the browser forms check the same rules to show the same texts under each field.
// Keep this module free of server-only imports: islands bundle it.

export type RuleKeyword = 'required' | 'minLength' | 'maxLength' | 'pattern' | 'minimum' | 'maximum' | 'enum' | 'type';

export interface FieldRule {
  label: string;
  type: 'string' | 'boolean' | 'integer';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
  nullable?: boolean;
  messages?: Partial<Record<RuleKeyword, string>>;
}

export type FieldRules = Record<string, FieldRule>;

export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** A string field's length limit, for the browser's maxLength and counter (LimitedText). */
export function maxLengthOf(rules: FieldRules, field: string): number {
  const max = rules[field]?.maxLength;
  if (max === undefined) throw new Error(`${field} has no maxLength`);
  return max;
}

export function messageFor(rules: FieldRules, field: string, keyword: string): string {
  const rule = rules[field];
  if (!rule) return `${field} is not allowed`;
  const custom = rule.messages?.[keyword as RuleKeyword];
  if (custom) return custom;
  switch (keyword) {
    case 'required':
      return `${rule.label} is required`;
    case 'minLength':
      return `${rule.label} must be at least ${rule.minLength} characters`;
    case 'maxLength':
      return `${rule.label} must be at most ${rule.maxLength} characters`;
    case 'minimum':
      return `${rule.label} must be at least ${rule.minimum}`;
    case 'maximum':
      return `${rule.label} must be at most ${rule.maximum}`;
    case 'enum':
      return `${rule.label} must be one of: ${rule.enum?.join(', ')}`;
    case 'pattern':
      return `Please enter a valid ${rule.label.toLowerCase()}`;
    default:
      return `${rule.label} must be ${rule.type === 'integer' ? 'a whole number' : `a ${rule.type}`}`;
  }
}

/** JSON schema for an object of these fields; unknown properties are stripped by the validator. */
export function objectSchema(rules: FieldRules, required: readonly string[] = []) {
  const properties: Record<string, object> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const { label: _label, messages: _messages, nullable, type, ...limits } = rule;
    properties[name] = { type: nullable ? [type, 'null'] : type, ...limits };
    // A nullable list field accepts null as well as its listed values.
    if (nullable && limits.enum) properties[name] = { ...properties[name], enum: [...limits.enum, null] };
  }
  return { type: 'object', properties, required: [...required], additionalProperties: false };
}

function checkValue(rule: FieldRule, value: unknown): RuleKeyword | null {
  if (value === null && rule.nullable) return null;
  if (rule.type === 'string') {
    if (typeof value !== 'string') return 'type';
    if (rule.minLength !== undefined && value.length < rule.minLength) return 'minLength';
    if (rule.maxLength !== undefined && value.length > rule.maxLength) return 'maxLength';
    if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(value)) return 'pattern';
    if (rule.enum && !rule.enum.includes(value)) return 'enum';
    return null;
  }
  if (rule.type === 'boolean') return typeof value === 'boolean' ? null : 'type';
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'type';
  if (rule.minimum !== undefined && value < rule.minimum) return 'minimum';
  if (rule.maximum !== undefined && value > rule.maximum) return 'maximum';
  return null;
}

/** The browser's check of the same rules: a message per failing field, in field order. */
export function checkFields(rules: FieldRules, values: Record<string, unknown>, required: readonly string[] = []) {
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const value = values[field];
    if (value === undefined) {
      if (required.includes(field)) errors[field] = messageFor(rules, field, 'required');
      continue;
    }
    const failed = checkValue(rule, value);
    if (failed) errors[field] = messageFor(rules, field, failed);
  }
  return errors;
}
