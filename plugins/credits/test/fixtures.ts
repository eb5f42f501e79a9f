import { expect } from 'chai';
import type { SignedUp } from '../../accounts/test/fixtures.ts';

/** Makes signed-up accounts (in their included first month) members, through the API. */
export async function upgrade(...accounts: SignedUp[]): Promise<void> {
  for (const account of accounts)
    expect((await account.client.post('/api/credits/membership/upgrade')).status).to.equal(200);
}

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
