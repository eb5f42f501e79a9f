import { expect } from 'chai';
import type { SignedUp } from '../../accounts/test/fixtures.ts';

/** Makes signed-up accounts (in their included first month) members, through the API. */
export async function upgrade(...accounts: SignedUp[]): Promise<void> {
  for (const account of accounts)
    expect((await account.client.post('/api/credits/membership/upgrade')).status).to.equal(200);
}
