import { expect } from 'chai';
import type { TestClient } from '../../../api/test/client.ts';
import type { TestServer } from '../../../api/test/server.ts';

export interface SignedUp {
  client: TestClient;
  user: { id: number; username: string; name: string };
  /** The artist record, for users signed up as artists. */
  artist?: { id: number; userId: number; name: string };
}

/**
 * Registers a user through the API (signed in on the returned client, e-mail verified unless `unverified`); artists
 * also get their record.
 */
export async function signUp(
  server: TestServer,
  username: string,
  options: { artist?: boolean; role?: 'admin' | 'superadmin'; unverified?: boolean } = {},
): Promise<SignedUp> {
  const client = server.client();
  const name = username[0].toUpperCase() + username.slice(1);
  const res = await client.post('/api/auth/register', {
    username,
    password: 'secret123',
    email: `${username}@example.com`,
    name,
    isArtist: !!options.artist,
  });
  expect(res.status, res.text).to.equal(201);
  const signedUp: SignedUp = { client, user: res.body };
  if (options.artist) {
    const hook = await client.post('/api/auth/register-artist-hook');
    expect(hook.status, hook.text).to.equal(200);
    signedUp.artist = hook.body;
  }
  if (options.role) await server.app.kernel.services.accounts.setRole(username, options.role);
  // As if the registration's verification link had been opened (recovery.test.ts opens it for real).
  if (!options.unverified)
    await server.app.kernel
      .knex('users')
      .where({ id: signedUp.user.id })
      .update({ verifiedEmail: `${username}@example.com` });
  return signedUp;
}
