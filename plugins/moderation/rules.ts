import { EMAIL_PATTERN, type FieldRules } from '../../api/validation/rules.ts';
import * as m from '../../lib/i18n/messages.ts';

// Reports, copyright notices, appeals and moderators' actions: limits and messages, shared by the
// server's schemas and the forms (islands import this module).

export const REPORT_REASONS = ['copyright', 'hate', 'spam', 'sexual', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const TARGET_TYPES = ['track', 'artist', 'message', 'comment'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

export const ACTIONS = ['dismiss', 'hide', 'suspend', 'restore'] as const;
export type ModerationAction = (typeof ACTIONS)[number];

/**
 * What each kind of item allows: tracks and comments (the comments plugin's) can be hidden; any item's owner can be
 * suspended.
 */
export const ACTIONS_FOR: Record<TargetType, readonly ModerationAction[]> = {
  track: ['dismiss', 'hide', 'suspend', 'restore'],
  artist: ['dismiss', 'suspend', 'restore'],
  message: ['dismiss', 'suspend', 'restore'],
  comment: ['dismiss', 'hide', 'suspend', 'restore'],
};

/** Reports a person may file per hour, counted on every node together (kernel.limits). */
export const REPORTS_PER_HOUR = 10;
/** Copyright notices per address per hour: anyone may file one, a script may not flood the queue. */
export const NOTICES_PER_HOUR = 5;

export const NOTE_MAX_LENGTH = 1000;
/**
 * Issue 44 point 9: a taken-down monthly drop keeps its place on the artist's drop record (as
 * withheld) for this long, and while an appeal filed meanwhile is open; a rejected appeal, or none
 * in this window, makes the takedown count (tracks.record_withheld_until, the catalog's column).
 */
export const APPEAL_WINDOW_DAYS = 14;
/** record_withheld_until while an appeal is open: until a moderator decides (the largest date). */
export const UNTIL_DECIDED = 8_640_000_000_000_000;
export const REASON_MAX_LENGTH = 500;
export const FIELD_MAX_LENGTH = 300;

const PICK_REASON = 'Please choose a reason';
const WRITE_REASON = 'Please give a reason';

export const reportRules: FieldRules = {
  targetType: {
    label: 'Item',
    type: 'string',
    enum: TARGET_TYPES,
    messages: { enum: 'You can report a track, an artist, a message or a comment' },
  },
  targetId: {
    label: 'Item',
    type: 'integer',
    minimum: 1,
    messages: {
      required: 'Please choose what to report',
      type: 'Please choose what to report',
      minimum: 'Please choose what to report',
    },
  },
  reason: {
    label: 'Reason',
    type: 'string',
    enum: REPORT_REASONS,
    messages: { required: PICK_REASON, enum: PICK_REASON, type: PICK_REASON },
  },
  note: {
    label: 'Note',
    type: 'string',
    maxLength: NOTE_MAX_LENGTH,
    messages: { maxLength: `Note must be at most ${NOTE_MAX_LENGTH} characters` },
  },
};
export const reportRequired = ['targetType', 'targetId', 'reason'] as const;

const required = (label: string, max = FIELD_MAX_LENGTH) => ({
  label,
  type: 'string' as const,
  maxLength: max,
  pattern: '\\S',
  messages: {
    required: `${label} is required`,
    pattern: `${label} is required`,
    maxLength: `${label} must be at most ${max} characters`,
  },
});

/** A copyright notice: the fields a takedown notice needs (DMCA §512(c)(3), EU DSA art. 16). */
export const noticeRules: FieldRules = {
  trackUrl: {
    ...required('Where it appears'),
    messages: {
      required: 'Please give the address of the track on OneTrack',
      pattern: 'Please give the address of the track on OneTrack',
      maxLength: `Where it appears must be at most ${FIELD_MAX_LENGTH} characters`,
    },
  },
  work: required('Copyrighted work', NOTE_MAX_LENGTH),
  name: required('Your name'),
  email: {
    label: 'Email',
    type: 'string',
    maxLength: FIELD_MAX_LENGTH,
    pattern: EMAIL_PATTERN,
    messages: { required: 'Please enter a valid email', pattern: 'Please enter a valid email' },
  },
  goodFaith: {
    label: 'Good-faith statement',
    type: 'boolean',
    messages: { required: 'Please confirm the good-faith statement', type: 'Please confirm the good-faith statement' },
  },
};
export const noticeRequired = ['trackUrl', 'work', 'name', 'email', 'goodFaith'] as const;

/** An appeal of a takedown; for a copyright takedown it is a counter-notice, with name, contact and statement. */
export const appealRules: FieldRules = {
  message: required('Your appeal', NOTE_MAX_LENGTH),
  name: { label: 'Your name', type: 'string', maxLength: FIELD_MAX_LENGTH },
  email: {
    label: 'Email',
    type: 'string',
    maxLength: FIELD_MAX_LENGTH,
    pattern: EMAIL_PATTERN,
    messages: { pattern: 'Please enter a valid email' },
  },
  goodFaith: { label: 'Good-faith statement', type: 'boolean' },
};
export const appealRequired = ['message'] as const;

export const actionRules: FieldRules = {
  action: {
    label: 'Action',
    type: 'string',
    enum: ACTIONS,
    messages: { required: 'Please choose an action', enum: 'Please choose an action' },
  },
  reason: {
    ...required('Reason', REASON_MAX_LENGTH),
    messages: {
      required: WRITE_REASON,
      pattern: WRITE_REASON,
      maxLength: `Reason must be at most ${REASON_MAX_LENGTH} characters`,
    },
  },
};
export const actionRequired = ['action', 'reason'] as const;

/** The refusals in English; the kernel answers each in the reader's language (lib/i18n, api_moderation_…). */
export const MESSAGES = {
  alreadyReported: 'You already reported this; a moderator will look at it',
  ownItem: 'You cannot report your own work or messages',
  notYourMessage: 'You can only report a message sent to you',
  noTrackAtUrl: 'That address is not a track on OneTrack',
  goodFaith: 'Please confirm the good-faith statement',
  counterNotice: 'A counter-notice needs your name, an email and the good-faith statement',
  notHidden: 'This track is not taken down',
  notYourTrack: 'Only the track’s artist can appeal',
  alreadyAppealed: 'You have already appealed this takedown',
  notAllowed: (action: string, type: string) => () => m.api_moderation_not_allowed({ action, type }),
  nothingOpen: 'There is nothing open to dismiss on this item',
  nothingToRestore: 'There is nothing to restore on this item',
  selfSuspend: 'You cannot suspend your own account',
  adminSuspend: 'Only a superadmin can suspend an administrator',
  loginToReport: 'Please log in to report',
} as const;

export const QUEUE_SORTS = ['newest', 'most'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
