import { expect } from 'chai';
import { addressKey } from '../http/clientAddress.ts';

describe('the address a per-address limit counts', () => {
  it('counts IPv4 as itself (IPv4-mapped too) and IPv6 per /64, however it is written', () => {
    expect(addressKey('203.0.113.9')).to.equal('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).to.equal('203.0.113.9');
    for (const same of [
      '2001:db8:0:1::1',
      '2001:0DB8:0000:0001:ffff:1:2:3',
      '2001:db8:0:1:a:b:1.2.3.4',
      '2001:db8:0:1::1%eth0',
    ]) {
      expect(addressKey(same), same).to.equal('2001:db8:0:1::/64');
    }
    expect(addressKey('2001:db8:0:2::1')).to.equal('2001:db8:0:2::/64');
    expect(addressKey('::1')).to.equal('0:0:0:0::/64');
  });
});
