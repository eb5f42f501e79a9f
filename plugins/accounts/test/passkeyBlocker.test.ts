import { expect } from 'chai';
import { inLocale } from '../../../api/i18n.ts';
import { passkeyBlocker } from '../rules.ts';

// Where Settings cannot add a passkey, it says why before anyone tries (issue 44 point 5).
describe('accounts: where a passkey cannot be added', () => {
  const at = (hostname: string, secure = true, supported = true) => passkeyBlocker({ hostname, secure, supported });

  it('allows a domain name on a secure origin, localhost among them', () => {
    expect(at('localhost')).to.equal(null);
    expect(at('onetrack.example')).to.equal(null);
  });

  it('names the rule for an IP address, an insecure origin and a browser without passkeys', () => {
    expect(at('127.0.0.1')).to.match(/^Passkeys belong to a site's domain name, .* IP address \(127\.0\.0\.1\)/);
    expect(at('[::1]')).to.contain('([::1])');
    expect(at('onetrack.example', false)).to.equal(
      'Passkeys need a secure address: open OneTrack over HTTPS (or at http://localhost in development).',
    );
    expect(at('localhost', true, false)).to.equal('This browser cannot use passkeys.');
  });

  it('says it in the reader’s language', () => {
    expect(inLocale('es', () => at('localhost', true, false))).to.equal(
      'Este navegador no puede usar llaves de acceso.',
    );
    expect(inLocale('ar', () => at('10.0.0.1'))).to.contain('(10.0.0.1)');
  });
});
