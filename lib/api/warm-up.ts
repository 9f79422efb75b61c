// Runs, once after start, the database reads behind the first signed-in pages (the admin
// overview and the wallet home): the first query of each shape in a process pays for
// loading Prisma's query compiler, compiling the query's plan and opening pool
// connections (1.6-1.7 s for the first API call after start at load average 18, against
// 10-50 ms after). The signed-out pages are warmed by scripts/serve.mjs over HTTP; these
// pages need a session, so their reads are run here, read-only and without a request
// (nothing lands in the request log). MERIDIAN_WARMUP=off skips it.
import "server-only";
import { db } from "../db/client";
import { retrieveConfig } from "../domain/platform/config";
import { listTransactions } from "../domain/transactions/transactions";
import { listCustomers } from "../domain/customers/list-customers";
import { listCustomerInternalAccountsPage } from "../domain/accounts/internal-accounts";
import { recentDeliveryHealth } from "../domain/webhooks/admin-events";
import { log } from "../log";

const OVERVIEW_DAYS = 14;
const NO_CUSTOMER = "00000000-0000-7000-8000-000000000000";

export async function warmUpReads(): Promise<void> {
  const clientId = process.env.MERIDIAN_BFF_CLIENT_ID ?? process.env.MERIDIAN_CLIENT_ID;
  if (!clientId || process.env.MERIDIAN_WARMUP === "off") return;
  const started = Date.now();
  try {
    // The platform credential check's read (lib/api/auth.ts), then the overview's reads side by side,
    // as the page makes them (which also opens that many pool connections).
    const token = await db().apiToken.findUnique({ where: { clientId } });
    if (!token || token.deletedAt) return;
    const platformId = token.platformId;
    const since = new Date(Date.now() - (OVERVIEW_DAYS - 1) * 86_400_000);
    since.setUTCHours(0, 0, 0, 0);
    await Promise.all([
      retrieveConfig(platformId),
      listTransactions(
        db(),
        platformId,
        { limit: 100, sortOrder: "desc", startDate: since.toISOString() },
        { includeCards: true },
      ),
      listCustomers(db(), platformId, { limit: 100 }),
      listCustomerInternalAccountsPage(db(), platformId, { limit: 100 }),
      // The wallet's shape: one customer's accounts (no customer has this id; the read finds nothing).
      listCustomerInternalAccountsPage(db(), platformId, { limit: 100, customerId: `Customer:${NO_CUSTOMER}` }),
      recentDeliveryHealth(platformId),
    ]);
    log.debug({ ms: Date.now() - started }, "warm-up reads done");
  } catch (error) {
    // Best effort: a failure here only means the first visit pays the cost.
    log.warn({ err: error }, "warm-up reads failed");
  }
}
