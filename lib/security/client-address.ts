// The source address of a request, for throttling. scripts/serve.mjs writes the
// connection's peer address into PEER_ADDRESS_HEADER on every request (replacing
// anything a client sent under that name); X-Forwarded-For is believed only for
// the MERIDIAN_TRUST_PROXY proxies nearest to us, counted from its right end.
import { env } from "../env";

export const PEER_ADDRESS_HEADER = "x-meridian-peer-address";

export function clientAddress(headers: { get(name: string): string | null }): string {
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim() || "unknown";
  const hops = env().MERIDIAN_TRUST_PROXY;
  if (hops === 0) return peer;
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  // Nearest first: the peer, then each address the trusted proxies appended.
  const chain = [peer, ...forwarded.reverse()];
  return chain[Math.min(hops, chain.length - 1)];
}
