import {
  arrayOf,
  boolean,
  component,
  dateTime,
  integer,
  nullable,
  object,
  oneOf,
  string,
} from '../../api/openapi/schema.ts';
import { ACTIONS, REPORT_REASONS, TARGET_TYPES } from './rules.ts';

const CounterNotice = object({ name: string, email: string });

export const Appeal = component(
  'Appeal',
  object({
    id: integer,
    trackId: integer,
    message: string,
    counterNotice: nullable(CounterNotice),
    status: string,
    createdAt: dateTime,
  }),
);

export const AuditEntry = component(
  'AuditEntry',
  object({
    id: integer,
    actorId: nullable(integer),
    actorName: string,
    action: string,
    targetType: string,
    targetId: integer,
    targetLabel: string,
    reason: string,
    createdAt: dateTime,
  }),
);

const Report = object({
  id: integer,
  reporterName: nullable(string),
  reason: oneOf(...REPORT_REASONS),
  note: string,
  notice: nullable(object({ trackUrl: string, work: string, name: string, email: string })),
  status: string,
  createdAt: dateTime,
});

/** A reported item with its reports, appeals, history and the actions it can be given. */
export const ModerationItem = component(
  'ModerationItem',
  object({
    type: oneOf(...TARGET_TYPES),
    id: integer,
    label: string,
    detail: string,
    link: nullable(string),
    recipientId: nullable(integer),
    hidden: boolean,
    hiddenReason: nullable(string),
    ownerId: integer,
    ownerName: string,
    suspended: boolean,
    suspensionReason: nullable(string),
    openReports: integer,
    reports: arrayOf(Report),
    appeals: arrayOf(Appeal),
    history: arrayOf(AuditEntry),
    actions: arrayOf(oneOf(...ACTIONS)),
  }),
);

export const Takedown = object({
  trackId: integer,
  title: string,
  reason: string,
  hiddenAt: dateTime,
  copyright: boolean,
  appeal: nullable(Appeal),
});

export const Filed = object({ id: integer, status: string });
