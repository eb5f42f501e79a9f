import { expect } from 'chai';
import { PASSKEY_MESSAGES, passkeyBlocker } from '../rules.ts';

// Where Settings cannot add a passkey, it says why before anyone tries (issue 44 point 5).
describe('accounts: where a passkey cannot be added', () => {
  const at = (hostname: string, secure = true, supported = true) => passkeyBlocker({ hostname, secure, supported });

  it('allows a domain name on a secure origin, localhost among them', () => {
    expect(at('localhost')).to.equal(null);
    expect(at('onetrack.example')).to.equal(null);
  });

  it('names the rule for an IP address, an insecure origin and a browser without passkeys', () => {
    expect(at('127.0.0.1')).to.equal(PASSKEY_MESSAGES.ipAddress('127.0.0.1'));
    expect(at('[::1]')).to.equal(PASSKEY_MESSAGES.ipAddress('[::1]'));
    expect(at('onetrack.example', false)).to.equal(PASSKEY_MESSAGES.insecure);
    expect(at('localhost', true, false)).to.equal(PASSKEY_MESSAGES.unsupported);
  });
});
