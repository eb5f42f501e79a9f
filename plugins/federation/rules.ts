import type { FieldRules } from '../../api/validation/rules.ts';

// The plugin's limits and messages, one source for the routes, the pages and the API description.

export const FEDIVERSE_PATHS = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/', '/ap/'];

export const OUTBOX_PAGE = 20;
export const RECENT_FOLLOWERS = 8;
export const DOMAIN_MAX = 253;
export const HANDLE_MAX = 300;
/** Handle look-ups per visitor address and minute (each one fetches a remote server). */
export const LOOKUPS_PER_MINUTE = 10;

// Letters of either case: the service stores the name lowercased.
const LABEL = '[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
export const DOMAIN_PATTERN = new RegExp(`^(?=.{1,253}$)(${LABEL}\\.)*${LABEL}(:\\d{1,5})?$`);

export const MESSAGES = {
  badDomain: 'Enter a domain name like mastodon.example',
  notBlocked: 'That domain is not blocked',
  badHandle: 'Enter your fediverse handle like @you@mastodon.social',
  handleNotFound: 'Your server did not answer for that handle. Check the spelling and try again.',
  noSubscribe: 'Your server does not offer following from another site. Search it for the handle shown here instead.',
  blocked: 'OneTrack does not federate with that server.',
  tooMany: 'Too many look-ups from your address.',
  noArtist: 'That artist is not on the fediverse.',
} as const;

export const blockRules: FieldRules = {
  domain: {
    label: 'Domain',
    type: 'string',
    minLength: 1,
    maxLength: DOMAIN_MAX,
    pattern: DOMAIN_PATTERN.source,
    messages: { minLength: MESSAGES.badDomain, pattern: MESSAGES.badDomain },
  },
};
