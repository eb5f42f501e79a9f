import type { FieldRules } from '../../api/validation/rules.ts';

// Spec §5 Message: non-empty after trimming; the limits keep one message a readable size.

export const MESSAGE_MAX_LENGTH = 2000;
export const SUBJECT_MAX_LENGTH = 200;

const WRITE_A_MESSAGE = 'Please write a message';

export const messageRules: FieldRules = {
  recipientId: { label: 'Recipient', type: 'integer', minimum: 1, messages: { required: 'Please choose a recipient', type: 'Please choose a recipient', minimum: 'Please choose a recipient' } },
  content: {
    label: 'Message',
    type: 'string',
    maxLength: MESSAGE_MAX_LENGTH,
    pattern: '\\S',
    messages: {
      required: WRITE_A_MESSAGE,
      type: WRITE_A_MESSAGE,
      pattern: WRITE_A_MESSAGE,
      maxLength: `Message must be less than ${MESSAGE_MAX_LENGTH} characters`,
    },
  },
  subject: {
    label: 'Subject',
    type: 'string',
    maxLength: SUBJECT_MAX_LENGTH,
    nullable: true,
    messages: { maxLength: `Subject must be less than ${SUBJECT_MAX_LENGTH} characters` },
  },
};
export const messageRequired = ['recipientId', 'content'] as const;

export const blockRules: FieldRules = {
  userId: { label: 'Person', type: 'integer', minimum: 1, messages: { required: 'Please choose whom to block', type: 'Please choose whom to block', minimum: 'Please choose whom to block' } },
};

export const BLOCKED_YOU = 'This person does not accept messages from you';
export const CANNOT_BLOCK_SELF = 'You cannot block yourself';

/** Spec §7: a reply's subject is "Re: " plus the original subject (not "Re: Re: …"). */
export function replySubject(subject: string | null): string {
  const original = (subject ?? '').trim();
  return (/^re:/i.test(original) ? original : `Re: ${original}`).slice(0, SUBJECT_MAX_LENGTH).trim();
}
