// Emptying a platform's sandbox data (POST /sandbox/reset, POST /sandbox/scenario,
// dropping a per-test platform): every row the platform owns, children before
// parents, in one transaction, keeping the platform, its configuration and its
// credentials. Refused outside the sandbox.
import "server-only";
import { pool } from "../../db/client";
import { env } from "../../env";
import { DomainError } from "../../kernel/errors";

/**
 * Tables cleared in this order (the foreign keys between them point up the list). Any other table with a
 * platform_id column (added later) is cleared after these.
 */
const ORDERED_TABLES = [
  "agent_actions",
  "agent_device_codes",
  "agents",
  "card_reveal_tokens",
  "card_transactions",
  "cards",
  "stablecoin_operations",
  "stablecoins",
  "stablecoin_provider_accounts",
  "wallet_sessions",
  "wallet_challenges",
  "wallet_credentials",
  "invitations",
  "transactions",
  "quotes",
  "receiver_lookups",
  "external_accounts",
  "documents",
  "customer_import_jobs",
  "ledger_entries",
  "ledger_postings",
  "internal_accounts",
  "customers",
  "webhook_deliveries",
  "webhook_events",
  "jobs",
  "idempotency_keys",
];
/** What a reset keeps: the platform and what authenticates it. */
const KEPT_TABLES = ["platforms", "api_tokens"];

export function assertSandbox(): void {
  if (env().MERIDIAN_ENVIRONMENT !== "sandbox")
    throw new DomainError("FORBIDDEN", "Sandbox data can only be reset or seeded in the sandbox environment");
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
let otherTables: Promise<string[]> | undefined;

/** Tables with a platform_id column outside the two lists (the schema is fixed while the server runs). */
function tablesAddedLater(): Promise<string[]> {
  otherTables ??= pool()
    .query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.columns WHERE column_name = 'platform_id' " +
        "AND table_schema = current_schema() AND NOT (table_name = ANY($1)) ORDER BY table_name",
      [[...ORDERED_TABLES, ...KEPT_TABLES]],
    )
    .then((r) => r.rows.map((row) => row.table_name));
  return otherTables;
}

/** Deletes the platform's sandbox data; `dropPlatform` removes the platform and its credentials too. */
export async function resetPlatformData(platformId: string, opts: { dropPlatform?: boolean } = {}): Promise<void> {
  assertSandbox();
  // One round trip: the deletes go as one multi-statement text, so the id is checked before it is inlined.
  if (!UUID_RE.test(platformId)) throw new DomainError("REFERENCE_NOT_FOUND", `Platform ${platformId} not found`);
  const id = `'${platformId}'`;
  const statements = [
    "BEGIN",
    // The platform row lock orders a reset against concurrent resets of the same platform.
    `SELECT 1 FROM platforms WHERE id = ${id} FOR UPDATE`,
    // A refund (CREDIT) points at the transaction it returns: delete those first.
    `DELETE FROM card_transactions WHERE platform_id = ${id} AND original_transaction_id IS NOT NULL`,
    ...[...ORDERED_TABLES, ...(await tablesAddedLater())].map(
      (table) => `DELETE FROM "${table.replaceAll('"', '""')}" WHERE platform_id = ${id}`,
    ),
    // Removing a credential records its revocation (trigger), so cached authentications end at once.
    ...(opts.dropPlatform
      ? [`DELETE FROM api_tokens WHERE platform_id = ${id}`, `DELETE FROM platforms WHERE id = ${id}`]
      : []),
    "COMMIT",
  ];
  const client = await pool().connect();
  try {
    const results = (await client.query(statements.join(";\n"))) as unknown as { rowCount: number | null }[];
    if (!results[1]?.rowCount) throw new DomainError("REFERENCE_NOT_FOUND", `Platform ${platformId} not found`);
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
