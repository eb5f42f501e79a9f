import type { FieldRules } from '../../api/validation/rules.ts';
import type { BlockType } from './blocks.ts';

/** Short texts are headings; longer texts are paragraphs. */
export const MAX_LENGTH: Record<BlockType, number> = { text: 120, textarea: 600 };

const EMPTY = 'Content cannot be empty';

export const contentRules: FieldRules = {
  value: {
    label: 'Content',
    type: 'string',
    maxLength: MAX_LENGTH.textarea,
    pattern: '\\S',
    messages: { required: EMPTY, pattern: EMPTY, type: EMPTY },
  },
};
export const contentRequired = ['value'] as const;

export const tooLong = (type: BlockType) => `This text must be at most ${MAX_LENGTH[type]} characters`;
