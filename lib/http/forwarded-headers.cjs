// Which forwarded headers a console server believes; forwarded-headers-preload.cjs applies it to
// every request (docs/console.md, "Sign-in": "Proxies"). Before Next.js sees a request, its X-Forwarded-For/-Host/-Proto/-Port are believed only when the socket
// is one of TRUSTED_PROXIES (docs/console.md, "Sign-in": "Proxies"). Next.js keeps a client's
// own forwarded headers and fills them from the socket only when they are missing; neither a route
// nor proxy.ts can see the socket's address. So a client could name its own address (and reset
// the sign-in counts per client) or its own host (which Next's server-action check and Auth.js
// believe). Plain CommonJS: node loads it before Next, without TypeScript.
const net = require("node:net");

const FORWARDED = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "forwarded",
  "x-real-ip",
];
/** Set (and never taken from a client) when a request's forwarded host or scheme was dropped: proxy.ts refuses such a POST. */
const DROPPED_HEADER = "x-console-forwarded-dropped";
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) is 192.0.2.1. */
const plain = (address) =>
  address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR blocks (`10.0.0.0/8`, `::1`). Empty or
 * unset: none, and every forwarded header is dropped. Throws a message naming the entry and the rule.
 */
function parseTrustedProxies(text) {
  const list = new net.BlockList();
  const entries = (text ?? "").split(",").map((entry) => entry.trim());
  if (entries.length === 1 && entries[0] === "") return { list, count: 0 };
  entries.forEach((entry, index) => {
    const [address = "", prefix, extra] = entry.split("/");
    const family = net.isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (
      family === 0 ||
      extra !== undefined ||
      !/^\d{1,3}$/.test(String(bits)) ||
      bits > (family === 6 ? 128 : 32)
    )
      throw new Error(
        `TRUSTED_PROXIES: entry ${index + 1} ("${entry}") must be an IP address or a CIDR block such as 10.0.0.0/8; entries are separated by commas`,
      );
    list.addSubnet(address, bits, family === 6 ? "ipv6" : "ipv4");
  });
  return { list, count: entries.length };
}

const isTrusted = (proxies, address) => {
  const family = net.isIP(address);
  return family !== 0 && proxies.list.check(address, family === 6 ? "ipv6" : "ipv4");
};

/** The nearest proxy's value of a header it may have appended to: the last entry, if it is a plausible host or scheme. */
const lastEntry = (value, valid) => {
  const last = String(value).split(",").at(-1)?.trim() ?? "";
  return valid(last) ? last : undefined;
};

/**
 * Rewrites `headers` (a Node request's, lower-case names) in place for a request whose socket is
 * `peer`. From a trusted proxy: X-Forwarded-For becomes the one client address found by walking it
 * from the right past trusted proxies; -Host, -Proto and -Port keep their last entry. From anyone
 * else: every forwarded header goes (Next.js then fills them from the socket and Host), and
 * DROPPED_HEADER says whether a host or scheme was among them.
 */
function normalizeForwarded(headers, peer, proxies) {
  const socket = plain(peer ?? "");
  const sentHostOrScheme = ["x-forwarded-host", "x-forwarded-proto", "forwarded"].some(
    (name) => headers[name] !== undefined,
  );
  delete headers[DROPPED_HEADER];
  if (!isTrusted(proxies, socket)) {
    for (const name of FORWARDED) delete headers[name];
    headers["x-forwarded-for"] = socket || "unknown";
    if (sentHostOrScheme) headers[DROPPED_HEADER] = "1";
    return;
  }
  const hops = String(headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((hop) => plain(hop.trim()))
    .filter((hop) => hop !== "");
  let client = socket;
  while (hops.length > 0 && isTrusted(proxies, client)) client = hops.pop();
  headers["x-forwarded-for"] = net.isIP(client) ? client : "unknown";
  const kept = {
    "x-forwarded-host": (v) => HOST.test(v),
    "x-forwarded-proto": (v) => v === "http" || v === "https",
    "x-forwarded-port": (v) => /^\d{1,5}$/.test(v),
  };
  for (const [name, valid] of Object.entries(kept)) {
    const value = headers[name] === undefined ? undefined : lastEntry(headers[name], valid);
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  delete headers.forwarded;
  delete headers["x-real-ip"];
}

module.exports = { parseTrustedProxies, normalizeForwarded, DROPPED_HEADER };
