// Runs, once after start, the database reads behind the first signed-in pages (the admin
// overview and the wallet home): the first query of each shape in a process pays for
// loading Prisma's query compiler, compiling the query's plan and opening pool
// connections (1.6-1.7 s for the first API call after start at load average 18, against
// 10-50 ms after). The signed-out pages are warmed by scripts/serve.mjs over HTTP; these
// pages need a session, so their reads are run here, read-only and without a request
// (nothing lands in the request log). It first checks the web app's credential as the API does
// for each of the web app's calls: the one scrypt of that check is then remembered (lib/api/auth.ts)
// instead of being paid by the first signed-in page. MERIDIAN_WARMUP=off skips it.
import "server-only";
import { db } from "../db/client";
import { authenticatePlatform } from "./auth";
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
  const clientSecret = process.env.MERIDIAN_BFF_CLIENT_SECRET ?? process.env.MERIDIAN_CLIENT_SECRET;
  if (!clientId || !clientSecret || process.env.MERIDIAN_WARMUP === "off") return;
  const started = Date.now();
  try {
    // The web app's credential checked (lib/api/auth.ts), then the overview's reads side by side,
    // as the page makes them (which also opens that many pool connections).
    const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    const { platformId } = await authenticatePlatform(new Request("http://warm-up/", { headers: { authorization } }));
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
