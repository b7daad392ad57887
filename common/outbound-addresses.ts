import type { lookup as dnsLookup, LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Which addresses a server of ours calls when a person typed the URL: the console a connection's
 * base URL (docs/console.md, "Addresses the console calls"), the service a webhook endpoint's
 * (docs/service.md, "Webhooks"). Without these rules a typed URL is a way to make the server
 * fetch its own loopback ports, the private network or a cloud metadata endpoint. Both programs
 * apply the same rules: lib/client/guarded-fetch.ts and service/webhooks/send.ts, at connect time
 * with `checkedLookup`.
 */

interface Range {
  /** How a message names it, after "is" or "resolves to". */
  what: string;
  v4?: readonly string[];
  v6?: readonly string[];
}

/**
 * Every range that is not a public unicast address. First match names it. An IPv4-mapped IPv6
 * address (::ffff:127.0.0.1) matches the IPv4 rules: BlockList checks the IPv4 inside it.
 */
const RANGES: readonly Range[] = [
  { what: "an unspecified address", v4: ["0.0.0.0/8"], v6: ["::/128"] },
  { what: "a loopback address", v4: ["127.0.0.0/8"], v6: ["::1/128"] },
  {
    what: "a private address",
    v4: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"],
    // Unique local, the deprecated site-local, and the local-use NAT64 prefix (RFC 8215).
    v6: ["fc00::/7", "fec0::/10", "64:ff9b:1::/48"],
  },
  {
    what: "a link-local address (where cloud metadata services answer)",
    v4: ["169.254.0.0/16"],
    v6: ["fe80::/10"],
  },
  { what: "a shared (carrier-grade NAT) address", v4: ["100.64.0.0/10"] },
  { what: "a multicast address", v4: ["224.0.0.0/4"], v6: ["ff00::/8"] },
  {
    what: "a reserved address",
    // IETF protocol assignments (192.0.0.192 is a metadata address too), benchmarking, class E
    // and broadcast; the IPv4-compatible IPv6 block and the discard prefix.
    v4: ["192.0.0.0/24", "198.18.0.0/15", "240.0.0.0/4"],
    v6: ["::/96", "100::/64"],
  },
];

const LISTS = RANGES.map((range) => {
  const list = new BlockList();
  for (const cidr of range.v4 ?? []) {
    const [network = "", prefix] = cidr.split("/");
    list.addSubnet(network, Number(prefix), "ipv4");
  }
  for (const cidr of range.v6 ?? []) {
    const [network = "", prefix] = cidr.split("/");
    list.addSubnet(network, Number(prefix), "ipv6");
  }
  return { what: range.what, list };
});

/** The eight 16-bit groups of an IPv6 address (no zone, no embedded dotted quad). */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const part = (text: string) =>
    text === "" ? [] : text.split(":").map((group) => Number.parseInt(group, 16));
  const start = part(head);
  const end = tail === undefined ? [] : part(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

const NAT64 = new BlockList();
NAT64.addSubnet("64:ff9b::", 96, "ipv6");

/**
 * What kind of address our servers do not call `address` (an IP address, as DNS or a URL gives
 * it), or null for a public one. The well-known NAT64 prefix (64:ff9b::/96) is judged by the IPv4
 * address inside it, so an IPv6-only network still reaches public IPv4 services.
 */
export function refusedRange(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 0) return "not an IP address";
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const { what, list } of LISTS) if (list.check(bare, type)) return what;
  if (type === "ipv6" && NAT64.check(bare, "ipv6")) {
    const expanded = new URL(`http://[${bare}]`).hostname.slice(1, -1);
    const [, , , , , , high = 0, low = 0] = ipv6Groups(expanded);
    return refusedRange(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return null;
}

/** The rule an entry of an allow list (CONSOLE_ALLOWED_SERVICE_HOSTS, SERVICE_WEBHOOK_ALLOWED_HOSTS) breaks. */
export const ALLOWED_HOST_RULE =
  "must be a host or host:port, such as 127.0.0.1:3001, localhost:3001, [::1]:3001 or service.internal (no scheme, path or spaces)";

/**
 * One entry of an allow list as the list keeps it — the host as a URL
 * spells it (lower case, IPv6 in brackets, IPv4 in dotted decimal) and the port when one is
 * given — or null when it is not a host or host:port. A host without a port allows every port.
 */
export function allowedHostEntry(entry: string): string | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:/?#@\\[\]\s]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match) return null;
  const [, host = "", port] = match;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
  if (port === undefined) return hostname;
  const number = Number(port);
  return number >= 1 && number <= 65535 ? `${hostname}:${number}` : null;
}

/** The entries a URL matches: its host alone, and its host with its port (80 or 443 when unsaid). */
function entriesOf(url: URL): [string, string] {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return [url.hostname, `${url.hostname}:${port}`];
}

/** The allow-list entry that names exactly this URL's host and port (the environment connection's). */
export function hostEntryOf(url: URL): string {
  return entriesOf(url)[1];
}

/** Whether the allow list names the URL's host (any port) or its host and port. */
export function isAllowedHost(url: URL, allowed: ReadonlySet<string>): boolean {
  return entriesOf(url).some((entry) => allowed.has(entry));
}

/**
 * The Fetch Standard's "bad ports" (fetch.spec.whatwg.org, "port blocking"): ports of protocols
 * that are not HTTP (FTP, SSH, SMTP, IRC, SIP…), where a request we send could be read as
 * that protocol's commands. fetch refused them; guarded-fetch.ts, which does not use fetch, does.
 */
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Whether the URL names a port our servers never call (only an explicit port can: 80 and 443 are not bad). */
export function isRefusedPort(url: URL): boolean {
  return url.port !== "" && BAD_PORTS.has(Number(url.port));
}

/** Raised inside a connection's look-up when a name resolves to an address that is not called. */
export class RefusedAddress extends Error {
  constructor(readonly what: string) {
    super(`refused: ${what}`);
  }
}

/**
 * dns.lookup that refuses (RefusedAddress) when any address of the name is not public, whatever
 * family is asked for: the connection then goes to an address that was checked, with no earlier
 * look-up whose answer a second one could change (DNS rebinding).
 */
export function checkedLookup(resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.map((a) => refusedRange(a.address)).find((what) => what !== null);
      if (refused) return callback(new RefusedAddress(refused), "", 0);
      const usable = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
      const [first] = usable;
      if (!first) {
        const none = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
        return callback(none, "", 0);
      }
      if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, usable);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * An allow list as an environment variable gives it (comma-separated host or host:port): its
 * entries as allowedHostEntry keeps them, and what is wrong with each entry that is not one.
 * CONSOLE_ALLOWED_SERVICE_HOSTS (lib/env.ts) and SERVICE_WEBHOOK_ALLOWED_HOSTS (service/env.ts).
 */
export function parseAllowList(text: string): { entries: string[]; problems: string[] } {
  const entries: string[] = [];
  const problems: string[] = [];
  text.split(",").forEach((entry, index) => {
    const kept = allowedHostEntry(entry);
    if (kept !== null) entries.push(kept);
    else if (entry.trim() === "")
      problems.push(`entry ${index + 1} is empty (hosts are separated by single commas)`);
    else
      problems.push(
        `entry ${index + 1} ("${entry.trim()}") ${ALLOWED_HOST_RULE}; hosts are separated by commas`,
      );
  });
  return { entries, problems };
}
