import { ConfigError } from '../../api/config.ts';
import type { SettingValues } from '../../api/plugins/settings.ts';
import type { SettingDeclaration } from '../../api/plugins/types.ts';

// The federation plugin's settings (the manifest's `settings`, read at start by the kernel into
// `kernel.settings.federation`). A bad value stops the start with one line naming it.

function positive(env: string) {
  return (raw: string): number => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1)
      throw new ConfigError(`${env} must be a positive whole number, got "${raw}"`);
    return value;
  };
}

export const federationSettings = {
  allowPrivatePeers: {
    env: 'FEDERATION_ALLOW_PRIVATE_PEERS',
    default: false,
    shownDefault: '`0`',
    meaning:
      'federation plugin: `1` lets it fetch from and deliver to fediverse servers on loopback and private ' +
      'addresses (a test peer on this machine); off, only public addresses are reached ' +
      '(`plugins/federation/README.md`)',
    validator(raw) {
      if (raw === '1' || raw === 'true') return true;
      if (raw === '0' || raw === 'false') return false;
      throw new ConfigError(`FEDERATION_ALLOW_PRIVATE_PEERS must be 1 or 0, got "${raw}"`);
    },
  },
  inboxMaxBytes: {
    env: 'FEDERATION_INBOX_MAX_BYTES',
    default: 256 * 1024,
    meaning: 'federation plugin: the largest activity a remote server may post to an inbox (413 past it)',
    validator: positive('FEDERATION_INBOX_MAX_BYTES'),
  },
  inboxPerMinute: {
    env: 'FEDERATION_INBOX_PER_MINUTE',
    default: 300,
    meaning:
      'federation plugin: activities one remote server (the host of its signing key) may post a minute, ' +
      'on all nodes together (429 with Retry-After past it)',
    validator: positive('FEDERATION_INBOX_PER_MINUTE'),
  },
} satisfies Record<string, SettingDeclaration>;

export type FederationSettings = SettingValues<typeof federationSettings>;

declare module '../../api/plugins/types.ts' {
  interface Settings {
    federation: FederationSettings;
  }
}
