// The admin console's customer search: a few live customers of one platform whose
// name, email or platformCustomerId contains what staff typed (three characters or
// more), or has a word starting with it (two). No platform API operation searches
// by name, so the BFF calls this (lib/bff/admin/customer-search.ts).
//
// One indexed statement: the trigram index over customer_search_text(...)
// (migration 20261202400000_customer_search) finds the matches; the inner LIMIT
// stops the heap reads after MATCH_CAP of them, so a query that matches most
// customers ("a", "co") reads MATCH_CAP rows, never the platform's table; the
// few kept are then ordered for people (word starts first, then by name). There is
// no ORDER BY the (platform_id, id) index could serve, so the planner cannot
// choose to walk the platform's customers newest first hoping for early matches
// (with a rare term that walk reads them all).
import "server-only";
import { db, type Db } from "../../db/client";
import { toApiId } from "../../ids";

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Matches shown at most; one more is read to say there are more. */
export const SEARCH_LIMIT = 10;
/** Matching rows read at most before ordering the shown ones. */
const MATCH_CAP = 200;

export interface CustomerMatch {
  id: string;
  /** The person's or business's name; the platform's own reference when it gave neither. */
  name: string;
  email?: string;
  platformCustomerId: string;
  umaAddress: string;
}

export interface CustomerSearchResult {
  customers: CustomerMatch[];
  /** More customers match than are shown: type more to narrow. */
  more: boolean;
}

/** LIKE's own characters taken literally (the default escape is backslash). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The normalized query: trimmed, spaces collapsed, lower-cased (the searched text is lower-cased too). */
export function normalizeSearch(q: string): string {
  return q.trim().replace(/\s+/g, " ").toLowerCase().slice(0, SEARCH_MAX_LENGTH);
}

export async function searchCustomers(
  platformId: string,
  query: string,
  client: Db = db(),
): Promise<CustomerSearchResult> {
  const q = normalizeSearch(query);
  if (q.length < SEARCH_MIN_LENGTH) return { customers: [], more: false };
  const literal = likeLiteral(q);
  // Two characters make no trigram of their own: match them where a word starts (the text starts with a space).
  const pattern = q.length >= 3 ? `%${literal}%` : `% ${literal}%`;
  const wordStart = `% ${literal}%`;
  const rows = await client.$queryRaw<
    {
      id: string;
      full_name: string | null;
      legal_name: string | null;
      email: string | null;
      pcid: string;
      uma: string;
    }[]
  >`
    SELECT id, full_name, legal_name, email, pcid, uma FROM (
      SELECT id, profile ->> 'fullName' AS full_name, profile #>> '{businessInfo,legalName}' AS legal_name,
        email, platform_customer_id AS pcid, uma_address AS uma,
        customer_search_text(profile, email, platform_customer_id) AS search
      FROM customers
      WHERE platform_id = ${platformId}::uuid AND deleted_at IS NULL
        AND customer_search_text(profile, email, platform_customer_id) LIKE ${pattern}
      LIMIT ${MATCH_CAP}
    ) m
    ORDER BY (search LIKE ${wordStart}) DESC, lower(coalesce(full_name, legal_name, pcid)), id
    LIMIT ${SEARCH_LIMIT + 1}`;
  return {
    more: rows.length > SEARCH_LIMIT,
    customers: rows.slice(0, SEARCH_LIMIT).map((r) => ({
      id: toApiId("Customer", r.id),
      name: r.full_name || r.legal_name || r.pcid,
      ...(r.email ? { email: r.email } : {}),
      platformCustomerId: r.pcid,
      umaAddress: r.uma,
    })),
  };
}
