/*
 * IPv6 addresses that carry an IPv4 address, and where a packet sent to them ends up: the IPv4
 * host. A webhook to `[::ffff:0:127.0.0.1]` or `[2002:7f00:1::]` must be judged by the 127.0.0.1
 * inside, so the address check (webhook-address.ts) asks this file for it.
 */

/** The eight 16-bit groups of an IPv6 address (`::`, a trailing dotted quad and a zone allowed), or undefined. */
export function ipv6Groups(address: string): number[] | undefined {
  const [withoutZone = ""] = address.toLowerCase().split("%");
  let text = withoutZone;
  const dotted = /:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const bytes = dotted.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return undefined;
    text = `${text.slice(0, dotted.index + 1)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? Number.parseInt(group, 16) : Number.NaN)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.some(Number.isNaN) ? undefined : groups;
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");
const zero = (groups: number[]) => groups.every((group) => group === 0);

/**
 * The IPv4 addresses an IPv6 address embeds, by its prefix: IPv4-compatible `::a.b.c.d`,
 * IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d` (RFC 2765), NAT64's well-known
 * `64:ff9b::/96` (RFC 6052), 6to4 `2002::/16` (RFC 3056), and Teredo `2001::/32` (RFC 4380: its
 * server, and its client, stored inverted). Empty for any other address. The local-use NAT64
 * prefix `64:ff9b:1::/48` (RFC 8215) is refused whole by the address check, so it is not here.
 */
export function embeddedIpv4(groups: number[]): string[] {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (zero(groups.slice(0, 6))) return [ipv4Of(g6, g7)]; // IPv4-compatible (and :: and ::1)
  if (zero(groups.slice(0, 5)) && g5 === 0xffff) return [ipv4Of(g6, g7)];
  if (zero(groups.slice(0, 4)) && g4 === 0xffff && g5 === 0) return [ipv4Of(g6, g7)];
  if (g0 === 0x64 && g1 === 0xff9b && zero(groups.slice(2, 6))) return [ipv4Of(g6, g7)];
  if (g0 === 0x2002) return [ipv4Of(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)];
  return [];
}
