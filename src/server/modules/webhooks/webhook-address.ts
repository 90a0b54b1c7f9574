import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { BlockList, isIP } from "node:net";
import { WEBHOOK_ALLOW_PRIVATE_SETTING } from "@/shared/rules/webhooks";
import { embeddedIpv4, ipv6Groups } from "./embedded-ipv4";

/*
 * No server-side request forgery (ADR 031): a webhook is a request the server makes to a URL an
 * admin typed, so unless WEBHOOK_ALLOW_PRIVATE=true it must not reach the network the server runs
 * in. Checked on the address actually connected to, after DNS, at every send (a public name may
 * resolve to 10.0.0.5 today, or change between registering and sending), and on literal
 * addresses when the endpoint is registered, so the admin hears of it at once.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", including the unspecified 0.0.0.0
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT, used inside some clouds
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, with the cloud metadata service at 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215): a translator inside someone's own network
  ["fc00::", 7], // unique local, with AWS's metadata service at fd00:ec2::254
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local: deprecated, but still private wherever it is used
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/**
 * Whether connecting to this IP address would reach loopback, a private or link-local network, or
 * no single host. An IPv6 address carrying an IPv4 one (mapped, translated, NAT64, 6to4, Teredo…)
 * is judged by the IPv4 address too; an IPv6 text that does not parse is refused.
 */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const canonical = groups.map((group) => group.toString(16)).join(":");
  return blocked.check(canonical, "ipv6") || embeddedIpv4(groups).some((v4) => blocked.check(v4, "ipv4"));
}

export class InternalAddressError extends Error {
  constructor(host: string, address: string) {
    super(`Refused: ${host} is ${address}, a loopback, private or link-local address (set ${WEBHOOK_ALLOW_PRIVATE_SETTING}=true to allow it)`);
    this.name = "InternalAddressError";
  }
}

/** A URL's host as a connection sees it: IPv6 without its brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * The refusal for an endpoint URL whose host is itself an internal address or `localhost`, as
 * registration checks it (names are checked at each send, after DNS); undefined when it may be
 * registered.
 */
export function registrationRefusal(rawUrl: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  const host = hostOf(new URL(rawUrl)).toLowerCase();
  const internal = isIP(host) ? isInternalAddress(host) : host === "localhost" || host.endsWith(".localhost");
  if (!internal) return undefined;
  return `The URL points to a loopback, private or link-local address, which webhooks may not call unless the server is started with ${WEBHOOK_ALLOW_PRIVATE_SETTING}=true`;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that resolves the name and refuses it when any of its addresses is
 * internal (so a name with one public and one private address cannot be steered to the private
 * one). http.request does not call it for a literal address: the sender checks those itself.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = allowPrivate ? undefined : addresses.find((entry) => isInternalAddress(entry.address));
      if (refused) return callback(new InternalAddressError(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}
