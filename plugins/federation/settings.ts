// The federation plugin's own settings, read from the environment once at start (the kernel's
// Config holds no feature settings). A bad value stops the start with one line naming it.

export interface FederationSettings {
  /** Remote servers on private and loopback addresses may be fetched and delivered to (test peers only). */
  allowPrivatePeers: boolean;
  /** Largest inbound activity body, in bytes. */
  inboxMaxBytes: number;
  /** Inbound activities per remote server and minute, on every node together. */
  inboxPerMinute: number;
}

export const SETTING_DEFAULTS: FederationSettings = {
  allowPrivatePeers: false,
  inboxMaxBytes: 256 * 1024,
  inboxPerMinute: 300,
};

function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
}

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** FEDERATION_ALLOW_PRIVATE_PEERS, FEDERATION_INBOX_MAX_BYTES, FEDERATION_INBOX_PER_MINUTE. */
export function settingsFrom(env: NodeJS.ProcessEnv): FederationSettings {
  return {
    allowPrivatePeers: flag(
      'FEDERATION_ALLOW_PRIVATE_PEERS',
      env.FEDERATION_ALLOW_PRIVATE_PEERS,
      SETTING_DEFAULTS.allowPrivatePeers,
    ),
    inboxMaxBytes: positive(
      'FEDERATION_INBOX_MAX_BYTES',
      env.FEDERATION_INBOX_MAX_BYTES,
      SETTING_DEFAULTS.inboxMaxBytes,
    ),
    inboxPerMinute: positive(
      'FEDERATION_INBOX_PER_MINUTE',
      env.FEDERATION_INBOX_PER_MINUTE,
      SETTING_DEFAULTS.inboxPerMinute,
    ),
  };
}
