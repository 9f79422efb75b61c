// Emptying a platform's sandbox data (POST /sandbox/reset, POST /sandbox/scenario,
// dropping a per-test platform): every row the platform owns, children before
// parents, in one transaction, keeping the platform, its configuration and its
// credentials. Refused outside the sandbox.
import "server-only";
import { pool } from "../../db/client";
import { env } from "../../env";
import { ApiError } from "../../kernel/errors";

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
    throw new ApiError("FORBIDDEN", "Sandbox data can only be reset or seeded in the sandbox environment");
}

/** Deletes the platform's sandbox data; `dropPlatform` removes the platform and its credentials too. */
export async function resetPlatformData(platformId: string, opts: { dropPlatform?: boolean } = {}): Promise<void> {
  assertSandbox();
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    // The platform row lock orders a reset against concurrent resets of the same platform.
    const locked = await client.query("SELECT 1 FROM platforms WHERE id = $1 FOR UPDATE", [platformId]);
    if (!locked.rowCount) throw new ApiError("REFERENCE_NOT_FOUND", `Platform ${platformId} not found`);
    const others = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.columns WHERE column_name = 'platform_id' " +
        "AND table_schema = current_schema() AND NOT (table_name = ANY($1)) ORDER BY table_name",
      [[...ORDERED_TABLES, ...KEPT_TABLES]],
    );
    // A refund (CREDIT) points at the transaction it returns: delete those first.
    await client.query("DELETE FROM card_transactions WHERE platform_id = $1 AND original_transaction_id IS NOT NULL", [
      platformId,
    ]);
    for (const table of [...ORDERED_TABLES, ...others.rows.map((r) => r.table_name)])
      await client.query(`DELETE FROM "${table.replaceAll('"', '""')}" WHERE platform_id = $1`, [platformId]);
    if (opts.dropPlatform) {
      // Removing a credential records its revocation (trigger), so cached authentications end at once.
      await client.query("DELETE FROM api_tokens WHERE platform_id = $1", [platformId]);
      await client.query("DELETE FROM platforms WHERE id = $1", [platformId]);
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
