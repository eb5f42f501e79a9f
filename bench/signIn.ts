import { DEMO_PASSWORD, DEMO_USERNAME } from '../plugins/accounts/demoAccount.ts';

/** The session cookie of a seeded account (they share the demo password) signed in on the server at base. */
export async function sessionCookie(base: string, username = DEMO_USERNAME): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login as ${username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
