import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** An IPv6 address's groups; a dotted IPv4 ending (the last 32 bits) stands as two zero groups. */
const groupsOf = (part: string) =>
  part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];

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
  const groups =
    tail === null
      ? front
      : [...front, ...Array<string>(8 - front.length - groupsOf(tail).length).fill('0'), ...groupsOf(tail)];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Loopback, private, shared (CGNAT) and link-local ranges: a proxy's or the machine's own, never a visitor's on the
 * internet.
 */
const LOCAL = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const)
  LOCAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  LOCAL.addSubnet(network, prefix, 'ipv6');

/**
 * Whether a client address (ctx.ip) is one on the internet. A node that sees a local one is reached
 * through a proxy on its own network (or from the machine itself) that TRUST_PROXY does not see
 * through, so that address stands for everyone behind it.
 */
export function isInternetAddress(ip: string): boolean {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return !LOCAL.check(mapped[1], 'ipv4');
  if (isIPv4(address)) return !LOCAL.check(address, 'ipv4');
  if (isIPv6(address)) return !LOCAL.check(address, 'ipv6');
  return false;
}
