import type { FieldRules } from '../../api/validation/rules.ts';

// Spec §5 Message: non-empty after trimming; the limits keep one message a readable size.

export const MESSAGE_MAX_LENGTH = 2000;
export const SUBJECT_MAX_LENGTH = 200;

const WRITE_A_MESSAGE = 'Please write a message';

export const messageRules: FieldRules = {
  recipientId: {
    label: 'Recipient',
    type: 'integer',
    minimum: 1,
    messages: {
      required: 'Please choose a recipient',
      type: 'Please choose a recipient',
      minimum: 'Please choose a recipient',
    },
  },
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
  userId: {
    label: 'Person',
    type: 'integer',
    minimum: 1,
    messages: {
      required: 'Please choose whom to block',
      type: 'Please choose whom to block',
      minimum: 'Please choose whom to block',
    },
  },
};

export const BLOCKED_YOU = 'This person does not accept messages from you';
export const CANNOT_BLOCK_SELF = 'You cannot block yourself';

/**
 * A subject worth showing, or null: blank, or a bare "Re:" (what a reply to a message without a
 * subject was given: shown as a bold "Re:" line, "Re:: …" previews, a notification saying "Re:").
 */
export function subjectOf(subject: string | null | undefined): string | null {
  const text = (subject ?? '').trim();
  return text && !/^(re:\s*)+$/i.test(text) ? text : null;
}

/** Spec §7: a reply's subject is "Re: " plus the original subject (not "Re: Re: …"); none without one. */
export function replySubject(subject: string | null): string | null {
  const original = subjectOf(subject);
  if (!original) return null;
  return (/^re:/i.test(original) ? original : `Re: ${original}`).slice(0, SUBJECT_MAX_LENGTH).trim();
}
