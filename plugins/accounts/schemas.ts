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
import { LOCALE_CHOICES, THEMES } from './rules.ts';

export const ROLES = ['user', 'admin', 'superadmin'] as const;

/** The signed-in account as the account itself sees it. */
export const User = component(
  'User',
  object({
    id: integer,
    name: string,
    username: string,
    email: string,
    bio: string,
    profileImage: nullable(string),
    isArtist: boolean,
    role: oneOf(...ROLES),
    emailVerified: boolean,
  }),
);

export const Preferences = component(
  'Preferences',
  object({
    emailNotifications: boolean,
    inAppNotifications: boolean,
    theme: oneOf(...THEMES),
    locale: oneOf(...LOCALE_CHOICES),
    highQualityAudio: boolean,
    normaliseLoudness: boolean,
  }),
);

export const Passkey = component(
  'Passkey',
  object({ id: string, name: string, createdAt: dateTime, lastUsedAt: nullable(dateTime) }),
);

export const Devices = arrayOf(
  component(
    'Device',
    object({ id: string, device: string, signedInAt: dateTime, lastSeenAt: dateTime, current: boolean }),
  ),
);

/**
 * A WebAuthn options object, as the browser's navigator.credentials takes it (W3C WebAuthn Level 3, the …OptionsJSON
 * dictionaries).
 */
export const webAuthnOptions = (name: string) => ({ type: 'object', description: `WebAuthn ${name}` });

/** "Your data": the owner's exports (dataExport.ts). */
export const DataExport = component(
  'DataExport',
  object({
    id: integer,
    status: oneOf('queued', 'building', 'ready', 'expired', 'failed'),
    createdAt: dateTime,
    readyAt: nullable(dateTime),
    expiresAt: nullable(dateTime),
    size: nullable(integer),
    downloadUrl: nullable(string),
  }),
);
export const DataExports = component(
  'DataExports',
  object({ exports: arrayOf(DataExport), nextRequestAt: nullable(dateTime) }),
);
