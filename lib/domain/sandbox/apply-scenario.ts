// Seeding a sandbox platform from a scenario (POST /sandbox/scenario): the
// platform's data is emptied, then everything the scenario describes is created
// through the same domain code as the API (customers, external accounts, cards,
// PATCH /config), and balances through sandbox funding postings of the ledger.
// Applying a scenario twice gives the same state (same customers, accounts,
// balances, cards and flags; objects get fresh ids). If a step fails, the
// platform is emptied again and the error names the scenario path that failed.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { pool } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { parseApiId, toApiId } from "../../ids";
import { createCustomer } from "../customers/create-customer";
import { createExternalAccount } from "../external-accounts/external-accounts";
import { fundInternalAccount } from "./fund";
import { createCard } from "../cards/cards";
import { updateConfig } from "../platform/config";
import { resetPlatformData } from "./reset";
import type { Scenario } from "./scenario-schema";

export interface SeededCustomer {
  id: string;
  platformCustomerId: string;
  internalAccounts: { id: string; currency: string; balance: number }[];
  externalAccounts: string[];
  cards: string[];
}

export interface SeedResult {
  customers: SeededCustomer[];
  platformExternalAccounts: string[];
}

export async function applyScenario(db: PrismaClient, platformId: string, scenario: Scenario): Promise<SeedResult> {
  await resetPlatformData(platformId);
  await pool().query("UPDATE platforms SET sandbox_scenario = $2 WHERE id = $1", [
    platformId,
    JSON.stringify(scenario),
  ]);
  try {
    return await seed(db, platformId, scenario);
  } catch (err) {
    await resetPlatformData(platformId);
    throw err;
  }
}

/** Puts the platform back to its last scenario, or empties it when it has none or `to` is "empty". */
export async function resetSandbox(
  db: PrismaClient,
  platformId: string,
  to: "scenario" | "empty",
): Promise<{ to: "scenario" | "empty"; seeded: SeedResult | null }> {
  const stored = await pool().query<{ sandbox_scenario: Scenario | null }>(
    "SELECT sandbox_scenario FROM platforms WHERE id = $1",
    [platformId],
  );
  const scenario = stored.rows[0]?.sandbox_scenario ?? null;
  if (to === "scenario" && scenario) return { to, seeded: await applyScenario(db, platformId, scenario) };
  await resetPlatformData(platformId);
  return { to: "empty", seeded: null };
}

async function step<T>(path: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DomainError)
      throw new DomainError(err.code, `Scenario ${path}: ${err.reason}`, { ...err.details, scenarioPath: path });
    throw err;
  }
}

async function seed(db: PrismaClient, platformId: string, scenario: Scenario): Promise<SeedResult> {
  const { webhookEndpoint, ...flags } = scenario.platform ?? {};
  // Flags first: they decide how customers verify; the endpoint last, so seeding itself is not delivered.
  if (Object.keys(flags).length) await step("platform", () => updateConfig(db, platformId, flags));
  const customers: SeededCustomer[] = [];
  for (const [i, entry] of scenario.customers.entries()) {
    const at = `customers[${i}]`;
    const created = await step(`${at}.customer`, () => createCustomer(db, platformId, entry.customer));
    const customerId = String(created.id);
    const uuid = parseApiId("Customer", customerId)!;
    if (entry.verification) {
      const field = entry.customer.customerType === "BUSINESS" ? "kybStatus" : "kycStatus";
      await db.customer.update({ where: { id: uuid }, data: { [field]: entry.verification } });
    }
    const accounts = await db.internalAccount.findMany({
      where: { platformId, customerId: uuid },
      orderBy: { createdAt: "asc" },
    });
    for (const [currency, amount] of Object.entries(entry.balances ?? {})) {
      const account = accounts.find((a) => a.currency === currency);
      if (!account || amount <= 0) continue;
      await step(`${at}.balances.${currency}`, () =>
        fundInternalAccount(db, platformId, toApiId("InternalAccount", account.id), BigInt(amount)),
      );
    }
    const externalAccounts: string[] = [];
    for (const [j, ea] of (entry.externalAccounts ?? []).entries()) {
      const made = await step(`${at}.externalAccounts[${j}]`, () =>
        createExternalAccount(db, platformId, { ...ea, customerId }),
      );
      externalAccounts.push(made.id);
    }
    const cards: string[] = [];
    for (const [j, card] of (entry.cards ?? []).entries()) {
      const funding = accounts.find((a) => a.currency === card.currency);
      if (!funding)
        throw new DomainError(
          "INVALID_INPUT",
          `Scenario ${at}.cards[${j}]: the customer has no ${card.currency} account`,
          {
            scenarioPath: `${at}.cards[${j}].currency`,
          },
        );
      const made = await step(`${at}.cards[${j}]`, () =>
        createCard(db, platformId, {
          customerId,
          fundingSource: toApiId("InternalAccount", funding.id),
          form: card.form,
          brand: card.brand,
          maxSpendPerTransaction: card.maxSpendPerTransaction,
        }),
      );
      cards.push(String(made.id));
    }
    const balances = await db.internalAccount.findMany({
      where: { platformId, customerId: uuid },
      orderBy: { createdAt: "asc" },
    });
    customers.push({
      id: customerId,
      platformCustomerId: entry.customer.platformCustomerId ?? customerId,
      internalAccounts: balances.map((a) => ({
        id: toApiId("InternalAccount", a.id),
        currency: a.currency,
        balance: Number(a.available + a.pending),
      })),
      externalAccounts,
      cards,
    });
  }
  const platformExternalAccounts: string[] = [];
  for (const [j, ea] of scenario.platformExternalAccounts.entries()) {
    const made = await step(`platformExternalAccounts[${j}]`, () => createExternalAccount(db, platformId, ea));
    platformExternalAccounts.push(made.id);
  }
  if (webhookEndpoint !== undefined)
    await step("platform.webhookEndpoint", () => updateConfig(db, platformId, { webhookEndpoint }));
  return { customers, platformExternalAccounts };
}
