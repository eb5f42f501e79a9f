import { isIPv4, isIPv6 } from 'node:net';

/** An IPv6 address's groups; a dotted IPv4 ending (the last 32 bits) stands as two zero groups. */
const groupsOf = (part: string) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);

/**
 * The key a per-address limit counts a client under (ctx.ip, already the trusted proxy's view). An
 * IPv6 subscriber is given a whole /64 and can take a new address in it for every request, so IPv6
 * addresses count per /64; an IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) counts as itself.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail] = address.includes('::') ? address.split('::') : [address, null];
  const front = groupsOf(head);
  const groups = tail === null ? front : [...front, ...Array<string>(8 - front.length - groupsOf(tail).length).fill('0'), ...groupsOf(tail)];
  return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}
