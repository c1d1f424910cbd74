import { hostCanBeRelyingParty } from '../../src/shared/lib/passkey-support';

describe('hostCanBeRelyingParty', () => {
  it.each(['localhost', 'shop.localhost', 'shop.example.com', 'example'])('takes the name %s', (host) => {
    expect(hostCanBeRelyingParty(host)).toBe(true);
  });

  // What window.location.hostname holds for a page opened by an address (URL normalizes 0x7f.1 and
  // the like to the dotted form, IPv6 keeps its brackets): browsers refuse these as the RP ID.
  it.each(['127.0.0.1', '192.168.1.20', '10.0.0.5', '[::1]', '[fe80::1]', '[::ffff:7f00:1]'])(
    'refuses the address %s',
    (host) => {
      expect(hostCanBeRelyingParty(host)).toBe(false);
    },
  );

  it('refuses a page without a host (a file opened from disk)', () => {
    expect(hostCanBeRelyingParty('')).toBe(false);
  });
});
