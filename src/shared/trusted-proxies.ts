import { z } from 'zod';

/**
 * The `trustedProxies` key: the addresses and ranges whose X-Forwarded-For is believed. A range that
 * holds clients lets each of them choose its own address and step around every per-address limit,
 * so a range wider than a /8 is refused: the widest private ranges are IPv4's 10.0.0.0/8 and IPv6's
 * fd00::/8, and no load balancer's subnet is wider. That refuses the catch-alls (0.0.0.0/0, ::/0,
 * and Fastify's proxy matcher fails on a /0 with a stack trace instead) and their equivalents,
 * including IPv6 ranges that hold the IPv4-mapped block ::ffff:0:0/96, which is every IPv4 client.
 */

/** The narrowest prefix a trusted range may have, in either family. */
const widestPrefix = 8;

/** The eight 16-bit groups of an IPv6 address (already checked by zod), a trailing dotted IPv4 included. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4-mapped block ::ffff:0:0/96 as groups. */
const mappedBlock = [0, 0, 0, 0, 0, 0xffff, 0, 0];

/** Whether the first `bits` bits of two addresses (as groups) are the same. */
function samePrefix(a: number[], b: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const group = bit >> 4;
    const mask = 0x8000 >> (bit & 15);
    if (((a[group] ?? 0) & mask) !== ((b[group] ?? 0) & mask)) return false;
  }
  return true;
}

/** Whether a range is wider than a /8 among the clients it holds (an address alone never is). */
function tooWide(entry: string): boolean {
  const [address = '', prefixText] = entry.split('/');
  if (prefixText === undefined) return false;
  const prefix = Number(prefixText);
  if (!address.includes(':')) return prefix < widestPrefix;
  const groups = ipv6Groups(address);
  // Holding all of ::ffff:0:0/96 is holding every IPv4 client; inside it, the width counts in IPv4 bits.
  if (prefix <= 96) return prefix < widestPrefix || samePrefix(groups, mappedBlock, prefix);
  return samePrefix(groups, mappedBlock, 96) && prefix - 96 < widestPrefix;
}

const addressOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: (issue) =>
    `${JSON.stringify(issue.input)} is not an IP address or CIDR range (e.g. "10.0.0.5" or "10.0.0.0/16")`,
});

export const trustedProxiesSchema = z
  .array(addressOrRange)
  .max(100)
  .superRefine((entries, ctx) => {
    entries.forEach((entry, i) => {
      if (!tooWide(entry)) return;
      ctx.addIssue({
        code: 'custom',
        path: [i],
        message: `${entry} is wider than a /${widestPrefix}: it would trust clients' own X-Forwarded-For and let any client pick its address. List only your proxies' addresses or subnets.`,
      });
    });
  })
  .default([]);
