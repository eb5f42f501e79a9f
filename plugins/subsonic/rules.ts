import type { FieldRules } from '../../api/validation/rules.ts';

// Limits and messages of the Subsonic feature, shared by the API's ajv schema and the settings form.
// Free of server-only imports: the settings island bundles it.

const NAME_REQUIRED = 'Name the app this password is for';

export const appPasswordRules: FieldRules = {
  name: {
    label: 'App name',
    type: 'string',
    minLength: 1,
    maxLength: 40,
    pattern: '\\S',
    messages: { required: NAME_REQUIRED, minLength: NAME_REQUIRED, pattern: NAME_REQUIRED },
  },
};

/** A user keeps at most this many app passwords (one per app or device is the idea). */
export const MAX_APP_PASSWORDS = 20;
export const TOO_MANY_APP_PASSWORDS =
  `You can keep at most ${MAX_APP_PASSWORDS} app passwords: delete one you no ` + `longer use first.`;

/** Where apps connect: the site's own address (the API lives under /rest). */
export const SUBSONIC_PATH = '/rest';
