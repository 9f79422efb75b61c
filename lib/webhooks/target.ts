// Where Meridian may deliver webhooks. A platform chooses the URL, so without
// these rules it could make the server call loopback services, the private
// network or the cloud metadata endpoint (SSRF). The rules apply twice: to the
// URL when it is configured (literal addresses, in whatever encoding the WHATWG
// URL parser accepts), and to every address a host name resolves to at connect
// time, so a name that later resolves elsewhere (DNS rebinding) is still refused.
// Only public unicast addresses qualify; MERIDIAN_WEBHOOK_ALLOW_PRIVATE lifts
// the address rules (on by default in the sandbox, refused in production).
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "../env";

/**
 * Cloud instance metadata services (AWS IPv4 and IPv6); their ranges are blocked anyway, the name makes the refusal
 * clear.
 */
const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254"]);

/** IPv6 ranges that carry an IPv4 address, which is then what decides. */
const EMBEDS_IPV4 = new Set(["ipv4Mapped", "rfc6145", "rfc6052", "6to4"]);

const RANGE_NAMES: Record<string, string> = {
  metadata: "a cloud metadata address",
  loopback: "a loopback address",
  private: "a private network address",
  linkLocal: "a link-local address",
  uniqueLocal: "a unique-local (private) IPv6 address",
  multicast: "a multicast address",
  broadcast: "the broadcast address",
  unspecified: "an unspecified address",
  carrierGradeNat: "a carrier-grade NAT (shared) address",
  reserved: "a reserved address",
  invalid: "not a valid IP address",
};

export type AddressVerdict = { allowed: true } | { allowed: false; range: string; description: string };

function blocked(range: string): AddressVerdict {
  return { allowed: false, range, description: RANGE_NAMES[range] ?? `a special-purpose address (${range})` };
}

function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 {
  if (range === "6to4") {
    const [, high, low] = address.parts;
    return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  const parts = address.parts;
  return new ipaddr.IPv4([parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff]);
}

/** Whether webhooks may go to this IP address (in its canonical text form, IPv6 with or without brackets). */
export function classifyAddress(text: string): AddressVerdict {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  // Zone ids (fe80::1%eth0) only exist on link-local addresses.
  if (bare.includes("%")) return blocked("linkLocal");
  if (!ipaddr.isValid(bare)) return blocked("invalid");
  let address = ipaddr.parse(bare);
  if (METADATA_ADDRESSES.has(address.toNormalizedString()) || METADATA_ADDRESSES.has(address.toString()))
    return blocked("metadata");
  if (address.kind() === "ipv6") {
    const range = address.range();
    if (EMBEDS_IPV4.has(range)) address = embeddedIPv4(address as ipaddr.IPv6, range);
  }
  if (METADATA_ADDRESSES.has(address.toString())) return blocked("metadata");
  const range = address.range();
  return range === "unicast" ? { allowed: true } : blocked(range);
}

/** The WHATWG URL parser's host as an IP address, or null for a domain name. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null;
}

/** Names that always mean this machine (RFC 6761), whatever DNS says. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

export function webhookAllowsPrivate(): boolean {
  const setting = env().MERIDIAN_WEBHOOK_ALLOW_PRIVATE;
  return setting ? setting === "on" : env().MERIDIAN_ENVIRONMENT === "sandbox";
}

/**
 * Problems with a webhook URL, as sentences for the API's field error (empty
 * when acceptable). Host names are not resolved here: they are checked at
 * every connection instead.
 */
export function webhookUrlProblems(
  raw: string,
  opts: { allowPrivate: boolean } = { allowPrivate: webhookAllowsPrivate() },
): string[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return ["Expected an absolute http(s) URL"];
  }
  const problems: string[] = [];
  if (url.protocol !== "https:" && url.protocol !== "http:") problems.push("Expected an http(s) URL");
  if (url.username !== "" || url.password !== "")
    problems.push(
      "The URL must not contain credentials (user:password@); authenticate deliveries " +
        "with the webhook signature instead",
    );
  if (!opts.allowPrivate) {
    const literal = literalAddress(url.hostname);
    const verdict = literal ? classifyAddress(literal) : isLocalhostName(url.hostname) ? blocked("loopback") : null;
    if (verdict && !verdict.allowed) {
      problems.push(
        `The host ${url.hostname} is ${verdict.description}; webhooks are delivered only to public addresses`,
      );
    }
  }
  return problems;
}

export class BlockedTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlockedTargetError";
  }
}

function refusal(host: string, verdict: AddressVerdict): BlockedTargetError | null {
  return verdict.allowed
    ? null
    : new BlockedTargetError(`${host} is ${verdict.description}; webhooks are delivered only to public addresses`);
}

/**
 * dns.lookup with { all: true } (tests of a running server replace dns.lookup itself; see tests/support/fake-dns.mjs).
 */
export type ResolveAll = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemResolveAll: ResolveAll = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * A `lookup` for node:http(s) that resolves the name and refuses the
 * connection when any address it resolves to is blocked, so the socket only
 * ever connects to an address that was checked.
 */
export function webhookLookup(resolveAll: ResolveAll = systemResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      for (const a of addresses) {
        const refused = refusal(hostname, classifyAddress(a.address));
        if (refused) return callback(refused, "", 0);
      }
      if (addresses.length === 0)
        return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: "ENOTFOUND" }), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
