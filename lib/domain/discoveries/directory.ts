// GET /uma-providers and GET /vasps: the sandbox directories (lib/sandbox),
// filtered and paged by name with the reference's limit/cursor.
import "server-only";
import { env } from "../../env";
import { invalidField } from "../../kernel/errors";
import { currencyObject } from "../currencies";
import { SANDBOX_VASPS, sandboxUmaProviders } from "../../sandbox/directory";

function encodeNameCursor(name: string): string {
  return Buffer.from(JSON.stringify({ after: name }), "utf8").toString("base64url");
}

function decodeNameCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { after?: unknown };
    if (typeof parsed.after === "string") return parsed.after;
  } catch {
    // fall through
  }
  throw invalidField("cursor", "cursor is not a value returned as nextCursor by this endpoint", "FORMAT");
}

/** One page of items sorted by key, after the cursor's key. */
function namePage<T>(items: T[], key: (t: T) => string, q: { limit: number; cursor?: string }, desc = false) {
  const sorted = [...items].sort((a, b) => key(a).localeCompare(key(b)) * (desc ? -1 : 1));
  const after = q.cursor === undefined ? undefined : decodeNameCursor(q.cursor);
  const rest = after === undefined ? sorted : sorted.filter((t) => key(t).localeCompare(after) * (desc ? -1 : 1) > 0);
  const data = rest.slice(0, q.limit);
  const hasMore = rest.length > q.limit;
  return {
    data,
    hasMore,
    ...(hasMore ? { nextCursor: encodeNameCursor(key(data[data.length - 1])) } : {}),
    totalCount: sorted.length,
  };
}

export interface UmaProviderQuery {
  countryCode?: string;
  currencyCode?: string;
  hasBlockedProviders?: boolean;
  limit: number;
  cursor?: string;
  sortOrder: "asc" | "desc";
}

/** Every sandbox provider is on the allowlist (Meridian keeps none), so hasBlockedProviders filters nothing out. */
export function listUmaProviders(q: UmaProviderQuery) {
  const providers = sandboxUmaProviders(env().MERIDIAN_UMA_DOMAIN).filter(
    (p) =>
      (!q.countryCode || p.supportedRegions.includes(q.countryCode)) &&
      (!q.currencyCode || p.supportedCurrencies.includes(q.currencyCode)),
  );
  const page = namePage(providers, (p) => p.name, q, q.sortOrder === "desc");
  return {
    ...page,
    data: page.data.map((p) => ({
      name: p.name,
      domain: p.domain,
      supportedRegions: p.supportedRegions,
      supportedCurrencies: p.supportedCurrencies.map(currencyObject),
      ...(p.lei ? { lei: p.lei } : {}),
      ...(p.logoUrl ? { logoUrl: p.logoUrl } : {}),
      allowListStatus: true,
    })),
  };
}

export function listVasps(q: { limit: number; cursor?: string }) {
  const { totalCount: _total, ...page } = namePage(SANDBOX_VASPS, (v) => v.vaspName, q);
  return page;
}
