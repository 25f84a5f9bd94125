import '@tanstack/react-start/server-only';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not be delivered: this machine, the private networks around it, the cloud metadata
 * service (169.254.169.254), and everything not routed on the internet. A customer types the URL, so
 * without this list a webhook is a way to make the server send requests into its own network (SSRF).
 */
const REFUSED_IPV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast (224/4), reserved (240/4) and broadcast
];

const REFUSED_IPV6: [string, number][] = [
  // The unspecified address, loopback and the deprecated IPv4-compatible form (::a.b.c.d), which no
  // public host uses.
  ['::', 96],
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translated to whatever the local network chooses
  ['100::', 64], // discard-only
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local, still routed inside some networks
  ['ff00::', 8], // multicast
];

const refused = new BlockList();
for (const [network, prefix] of REFUSED_IPV4) refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of REFUSED_IPV6) refused.addSubnet(network, prefix, 'ipv6');

/**
 * Whether a webhook may connect to `ip` (an address, not a host name). IPv6 forms that carry an IPv4
 * address the connection ends up at (IPv4-mapped `::ffff:a.b.c.d`, in dotted or hex form; NAT64
 * `64:ff9b::/96`; 6to4 `2002::/16`) are judged as that IPv4 address. Anything that does not parse is refused.
 */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !refused.check(ip, 'ipv4');
  if (family !== 6) return false;
  // A zone (`fe80::1%eth0`) only exists on link-scoped addresses.
  if (ip.includes('%')) return false;
  const groups = ipv6Groups(ip);
  if (!groups) return false;
  const embedded = embeddedIpv4(groups);
  if (embedded) return isPublicAddress(embedded);
  return !refused.check(ip, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address (`isIP` already said it is one). */
function ipv6Groups(ip: string): number[] | undefined {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part stands for the last two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[2]!.split('.').map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const groups = [...left, ...new Array<number>(missing).fill(0), ...right];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

/** The IPv4 address an IPv6 address is a wrapper for, if it is one. */
function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const quad = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  // ::ffff:a.b.c.d: the socket is an IPv4 one.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return quad(g6, g7);
  // 64:ff9b::a.b.c.d: a NAT64 gateway forwards it to that IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return quad(g6, g7);
  // 2002:aabb:ccdd::/48: a 6to4 relay tunnels it to aa.bb.cc.dd.
  if (g0 === 0x2002) return quad(g1, g2);
  return undefined;
}
