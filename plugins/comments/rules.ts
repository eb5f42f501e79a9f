import type { FieldRules } from '../../api/validation/rules.ts';

// Timed comments: limits and messages shared by the server's schemas and the comment form
// (islands import this module).

export const COMMENT_MAX_LENGTH = 300;
/** Comments a person may post per hour, counted on every node together (kernel.limits). */
export const COMMENTS_PER_HOUR = 20;
/** The artist hears of a track's comments once per this window (one notification, one e-mail). */
export const NOTIFY_WINDOW_MS = 3_600_000;
/** The most comments a track's page lists (the strip along the waveform shows the same ones). */
export const COMMENTS_SHOWN = 200;

export const SORTS = ['time', 'newest'] as const;
export type CommentSort = (typeof SORTS)[number];

export const commentRules: FieldRules = {
  body: {
    label: 'Comment',
    type: 'string',
    minLength: 1,
    maxLength: COMMENT_MAX_LENGTH,
    messages: {
      required: 'Please write a comment',
      minLength: 'Please write a comment',
      maxLength: `A comment is at most ${COMMENT_MAX_LENGTH} characters`,
    },
  },
  at: {
    label: 'Moment',
    type: 'integer',
    minimum: 0,
    messages: {
      required: 'Please choose the moment of the track',
      type: 'The moment is a whole number of milliseconds',
      minimum: 'The moment is a whole number of milliseconds',
    },
  },
};
export const commentRequired = ['body', 'at'] as const;

export const sortRules: FieldRules = {
  sort: { label: 'Order', type: 'string', enum: SORTS, messages: { enum: 'Order by time or newest' } },
};

export const pinRules: FieldRules = {
  pinned: {
    label: 'Pinned',
    type: 'boolean',
    messages: { required: 'Pinned is true or false', type: 'Pinned is true or false' },
  },
};

export const MESSAGES = {
  login: 'Please log in to comment',
  notFound: 'Comment not found',
  notYourTrack: 'Only the track’s artist can pin or hide its comments',
  pastEnd: 'That moment is past the end of the track',
  blank: 'Please write a comment',
  tooMany: 'You have posted many comments in the last hour.',
  notificationTitle: (title: string) => `New comments on ${title}`,
};
