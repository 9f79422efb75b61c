// Every request example of the reference OpenAPI, with its ids replaced by real
// ones of this platform and its unique values made unique, is accepted, or
// refused only for a reason the spec gives (a business rule: a conflict, a
// missing signature, a state) — never as malformed input or an unknown id.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { KNOWN_EXAMPLE_REFUSALS } from "../../../contract/known-example-refusals";
import { UNROUTED_OPERATIONS } from "../../../contract/unrouted-operations";
import { newPlatform, type ApiClient } from "../../support/api";
import { internalAccount, newCustomer } from "../../support/money";
import { reference, type ReferenceOperation } from "../../support/contract/reference";
import { makeTenantFixtures, type ResourceKind, type TenantFixtures } from "../../support/tenant-fixtures";
import { WebhookReceiver } from "../../support/webhook-receiver";

/** Refusals that say the request itself is wrong, not that a rule of the spec declines it. */
const MALFORMED = new Set(["INVALID_INPUT", "INVALID_REQUEST_FORMAT", "UNKNOWN_FIELD"]);

const ID_KINDS: Record<string, ResourceKind> = {
  Customer: "customer",
  InternalAccount: "internalAccount",
  ExternalAccount: "customerExternalAccount",
  Card: "card",
  CardTransaction: "cardSettlement",
  Quote: "quote",
  Transaction: "transaction",
  AuthMethod: "walletCredential",
  Session: "walletSession",
  BeneficialOwner: "beneficialOwner",
  Document: "document",
  Verification: "verification",
  Token: "token",
  Agent: "agent",
  AgentAction: "agentAction",
  Stablecoin: "stablecoin",
  StablecoinOperation: "stablecoinOperation",
  StablecoinProviderAccount: "stablecoinProviderAccount",
};

/** The embedded wallet is the internal account of the wallet-auth and wallet-settings operations. */
const walletOperation = (path: string) => path.startsWith("/auth/") || path.startsWith("/internal-accounts/");

function pathParam(op: ReferenceOperation, name: string, ids: TenantFixtures["ids"], example: unknown): string {
  const p = op.path;
  // A business customer's example (customerType BUSINESS) goes to the business customer: the type cannot change.
  if (name === "customerId")
    return (example as { customerType?: string } | undefined)?.customerType === "BUSINESS"
      ? ids.businessCustomer
      : ids.customer;
  if (name === "externalAccountId")
    return p.startsWith("/platform/") ? ids.platformExternalAccount : ids.customerExternalAccount;
  if (name === "accountId") return ids.internalAccount;
  if (name === "quoteId") return ids.quote;
  if (name === "transactionId") return ids.transaction;
  if (p.startsWith("/cards/") || p.startsWith("/sandbox/cards/")) return ids.card;
  if (p.startsWith("/internal-accounts/")) return ids.embeddedWallet;
  if (p.startsWith("/auth/credentials/")) return ids.walletCredential;
  if (p.startsWith("/auth/sessions/")) return ids.walletSession;
  throw new Error(`no fixture for {${name}} in ${p}`);
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The example with its ids replaced by real ones and its unique values made unique. */
function realise(value: unknown, op: ReferenceOperation, ids: TenantFixtures["ids"], key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => realise(v, op, ids, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, realise(v, op, ids, k)]));
  if (typeof value !== "string") return value;
  const id = /^([A-Za-z]+):[0-9a-f-]{36}$/i.exec(value);
  if (id && ID_KINDS[id[1]]) {
    if (id[1] === "InternalAccount" && walletOperation(op.path)) return ids.embeddedWallet;
    // A delegated key is for a card the embedded wallet funds.
    if (id[1] === "Card" && walletOperation(op.path)) return ids.walletCard;
    return ids[ID_KINDS[id[1]]];
  }
  if (key === "email") return `example-${unique()}@example.com`;
  if (key === "platformCustomerId" || key === "platformCardId") return `${value}-${unique()}`;
  if (key === "phoneNumber") return `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  if (key === "umaAddress" && value.startsWith("$")) return `$ex${unique()}@${value.split("@")[1]}`;
  return value;
}

describe("reference request examples", () => {
  let api: ApiClient;
  let fixtures: TenantFixtures;
  /** A USDC internal account, for the examples about a crypto asset (the fixtures' accounts are fiat). */
  let usdcAccount: string;
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    await hooks.start();
    api = await newPlatform("Reference examples");
    fixtures = await makeTenantFixtures(api, hooks.url);
    const holder = await newCustomer(api, ["USDC"]);
    usdcAccount = await internalAccount(api, holder.id, "USDC");
  }, 180_000);

  it("are accepted, or refused only for a reason the spec gives", async () => {
    const refused: string[] = [];
    let sent = 0;
    for (const op of reference().operations) {
      if (UNROUTED_OPERATIONS.includes(`${op.method} ${op.path}`)) continue;
      const media = op.operation.requestBody?.content?.["application/json"];
      const examples: [string, unknown, string][] = media?.examples
        ? Object.entries<{ value: unknown; summary?: string }>(media.examples).map(([name, e]) => [
            name,
            e.value,
            e.summary ?? "",
          ])
        : media?.example !== undefined
          ? [["example", media.example, ""]]
          : [];
      for (const [name, example, summary] of examples) {
        const path = op.path.replace(/\{([^}]+)\}/g, (_, p: string) =>
          encodeURIComponent(pathParam(op, p, fixtures.ids, example)),
        );
        const agent = op.path.startsWith("/agents/me");
        const body = realise(example, op, fixtures.ids) as Record<string, any> | undefined;
        // A quote to an UMA address names the receiver lookup made first (GET /receiver/uma/{address}); the
        // receiver is the sandbox's that answers in the example's currency (docs/sandbox.md).
        if (typeof body?.lookupId === "string" && body.destination?.umaAddress) {
          const domain = String(body.destination.umaAddress).split("@")[1];
          const currency = String(body.destination.currency ?? "USD").toLowerCase();
          body.destination.umaAddress = `$success.${currency}@${domain}`;
          const lookup = await api.get(`/receiver/uma/${encodeURIComponent(body.destination.umaAddress)}`);
          expect(lookup.status, lookup.text).toBe(200);
          body.lookupId = lookup.body.lookupId;
        }
        if (body?.currency === "USDC" && typeof body.internalAccountId === "string")
          body.internalAccountId = usdcAccount;
        const res = await api.request(op.method, path, body, {
          headers: { "idempotency-key": randomUUID() },
          ...(agent ? { auth: { bearer: fixtures.agentToken } } : {}),
        });
        sent++;
        // An example the reference itself marks rejected must be refused, as the bad input it is.
        if (/\(rejected\)/i.test(summary)) {
          expect(res.status, `${op.operationId} ${name} is a rejected example: ${res.text}`).toBe(400);
          continue;
        }
        const malformed = res.status === 404 || res.status >= 500 || MALFORMED.has(res.body?.code);
        if (malformed)
          refused.push(`${op.operationId} ${name}: ${res.status} ${res.body?.code} ${res.body?.reason ?? res.text}`);
      }
    }
    expect(sent).toBeGreaterThan(40);
    const key = (line: string) => line.split(":")[0];
    const unexpected = refused.filter((r) => !KNOWN_EXAMPLE_REFUSALS.includes(key(r)));
    const nowAccepted = KNOWN_EXAMPLE_REFUSALS.filter((k) => !refused.some((r) => key(r) === k));
    expect(unexpected, "examples refused as malformed (fix, or list in contract/known-example-refusals.ts)").toEqual(
      [],
    );
    expect(nowAccepted, "accepted now: delete from contract/known-example-refusals.ts").toEqual([]);
  }, 300_000);
});
