import ipaddr from 'ipaddr.js';

/**
 * Who a client is, for its rate and its share of the field data: an IPv4 address as it is, an
 * IPv6 address by its /64 (a household or a phone is given a whole /64, and picks any address in
 * it), an IPv4 address written as IPv6 (::ffff:1.2.3.4) as that IPv4 address.
 */
export function clientKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/**
 * The network a client is in, so that a canary's verdict can ask for several: an IPv4 /24, an
 * IPv6 /48 (a site or a provider's customer is given one).
 */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3);
  return `${parts.map((part) => part.toString(16)).join(':')}::/48`;
}
