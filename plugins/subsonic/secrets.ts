import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

// How app passwords are kept. The secret is random (18 bytes, 24 characters), so its SHA-256 is
// enough to recognise it as a password or an API key. The Subsonic token scheme sends
// md5(password + salt) and so needs the secret itself: it is also stored encrypted with AES-256-GCM
// under a key derived from SESSION_SECRET (HKDF), never in clear. Changing SESSION_SECRET makes the
// stored copies unreadable: token sign-ins of old passwords then fail while plain passwords and API
// keys keep working.

export function newSecret(): string {
  return randomBytes(18).toString('base64url');
}

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function secretBox(sessionSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'onetrack', 'subsonic app passwords v1', 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        sealed.toString('base64url'),
      ].join('.');
    },
    /** The secret, or null when it was sealed under another key (or tampered with). */
    open(stored: string): string | null {
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || !sealed) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The token scheme's check: t = md5(password + salt), compared in constant time. */
export function tokenMatches(secret: string, salt: string, token: string): boolean {
  const expected = Buffer.from(
    createHash('md5')
      .update(secret + salt, 'utf8')
      .digest('hex'),
  );
  const given = Buffer.from(token.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
