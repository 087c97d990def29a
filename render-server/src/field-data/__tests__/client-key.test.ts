import { clientKeyOf } from '../client-key';

describe('clientKeyOf', () => {
  it('keeps an IPv4 address, and reads one written as IPv6 as IPv4', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('names every address of an IPv6 /64 alike, and other /64s apart', () => {
    const one = clientKeyOf('2001:db8:1:2:aaaa::1');
    expect(one).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(one);
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(one);
  });

  it('passes through what is not an address (the socket had none)', () => {
    expect(clientKeyOf('unknown')).toBe('unknown');
  });
});
