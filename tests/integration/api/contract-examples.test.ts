// Every request example of the reference OpenAPI, with its ids replaced by real
// ones of this platform and its unique values made unique, is accepted, or
// refused only for a reason the spec gives (a business rule: a conflict, a
// missing signature, a state) — never as malformed input or an unknown id.
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { SPEC_GIVEN_REFUSALS } from "../../../contract/allowlist";
import { KNOWN_EXAMPLE_REFUSALS } from "../../../contract/known-example-refusals";
import { UNROUTED_OPERATIONS } from "../../../contract/unrouted-operations";
import { newPlatform, server, type ApiClient } from "../../support/api";
import { internalAccount, newCustomer } from "../../support/money";
import { reference, type ReferenceOperation } from "../../support/contract/reference";
import { makeTenantFixtures, type ResourceKind, type TenantFixtures } from "../../support/tenant-fixtures";
import { walletWithSession, signedCall } from "../../support/wallet";
import { SoftwareAuthenticator } from "../../support/webauthn";
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

/** The wallet credential an example addresses, by its body's type (EMAIL_OTP: the fixtures' credential). */
type Credentials = Record<string, string>;

function pathParam(
  op: ReferenceOperation,
  name: string,
  ids: TenantFixtures["ids"],
  example: unknown,
  credentials: Credentials,
): string {
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
  if (p.startsWith("/auth/credentials/"))
    return credentials[(example as { type?: string } | undefined)?.type ?? ""] ?? ids.walletCredential;
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

/** The client key a passkey challenge binds (any valid compressed P-256 point; the example's own clientPublicKey). */
const PASSKEY_CLIENT_KEY = "02f45f2a22c908b9ce09a7150e514afd24627c401c38a4afc164e1ea783adaaa31";

/** A fresh ID token of the sandbox OIDC issuer (docs/sandbox.md: it checks claims, not signatures). */
async function sandboxIdToken(): Promise<string> {
  const discovery = await fetch(`${server().origin}/api/oidc/sandbox/.well-known/openid-configuration`);
  const { issuer } = (await discovery.json()) as { issuer: string };
  const now = Math.floor(Date.now() / 1000);
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return new SignJWT({
    iss: issuer,
    aud: "meridian-test-app",
    sub: `examples-${randomUUID()}`,
    iat: now,
    exp: now + 600,
  })
    .setProtectedHeader({ alg: "ES256" })
    .sign(privateKey);
}

/**
 * SMS_OTP, OAUTH and PASSKEY credentials, added as an integrator adds them: to a wallet whose EMAIL_OTP session
 * signs the retry of each POST /auth/credentials (a second credential needs the first one's consent).
 */
async function credentialsOfEveryType(api: ApiClient): Promise<Credentials & { passkeyCredentialId: string }> {
  const wallet = await walletWithSession(api);
  const port = new URL(server().origin).port;
  const authenticator = new SoftwareAuthenticator({ origin: `http://localhost:${port}`, rpId: "localhost" });
  const challenge = randomBytes(32).toString("base64url");
  const bodies = {
    SMS_OTP: { type: "SMS_OTP", accountId: wallet.accountId },
    OAUTH: { type: "OAUTH", accountId: wallet.accountId, oidcToken: await sandboxIdToken() },
    PASSKEY: {
      type: "PASSKEY",
      accountId: wallet.accountId,
      nickname: "Example passkey",
      challenge,
      attestation: authenticator.register(challenge),
    },
  };
  const out: Credentials = {};
  for (const [type, body] of Object.entries(bodies)) {
    const { retry } = await signedCall(api, "POST", "/auth/credentials", body, wallet.session.key);
    expect(retry.status, `${type} credential: ${retry.text}`).toBe(201);
    out[type] = retry.body.id;
  }
  return { ...out, passkeyCredentialId: authenticator.credentialId };
}

describe("reference request examples", () => {
  let api: ApiClient;
  let fixtures: TenantFixtures;
  /** A USDC internal account, for the examples about a crypto asset (the fixtures' accounts are fiat). */
  let usdcAccount: string;
  /** A credential of each type the verify examples name, on a wallet of their own. */
  let credentials: Credentials & { passkeyCredentialId?: string };
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    await hooks.start();
    api = await newPlatform("Reference examples");
    fixtures = await makeTenantFixtures(api, hooks.url);
    const holder = await newCustomer(api, ["USDC"]);
    usdcAccount = await internalAccount(api, holder.id, "USDC");
    credentials = await credentialsOfEveryType(api);
  }, 180_000);

  it("are accepted, or refused only for a reason the spec gives", async () => {
    const refused: string[] = [];
    const specGiven: string[] = [];
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
          encodeURIComponent(pathParam(op, p, fixtures.ids, example, credentials)),
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
        // A passkey assertion answers the pending challenge its Request-Id names (POST
        // /auth/credentials/{id}/challenge first) and names the real WebAuthn credential id.
        const headers: Record<string, string> = { "idempotency-key": randomUUID() };
        if (op.operationId === "verifyAuthCredential" && body?.type === "PASSKEY") {
          const challenge = await api.post(`/auth/credentials/${credentials.PASSKEY}/challenge`, {
            clientPublicKey: PASSKEY_CLIENT_KEY,
          });
          expect(challenge.status, challenge.text).toBe(200);
          headers["Request-Id"] = challenge.body.requestId;
          body.assertion.credentialId = credentials.passkeyCredentialId;
        }
        const res = await api.request(op.method, path, body, {
          headers,
          ...(agent ? { auth: { bearer: fixtures.agentToken } } : {}),
        });
        sent++;
        // An example the reference itself marks rejected must be refused, as the bad input it is.
        if (/\(rejected\)/i.test(summary)) {
          expect(res.status, `${op.operationId} ${name} is a rejected example: ${res.text}`).toBe(400);
          continue;
        }
        const key = `${op.operationId} ${name}`;
        const given = SPEC_GIVEN_REFUSALS.find((r) => r.example === key);
        if (given) {
          // refused for a reason the spec gives, with the spec's status and code: not a ratchet entry
          expect(
            `${res.status} ${res.body?.code}`,
            `${key} (contract/allowlist.ts SPEC_GIVEN_REFUSALS): ${res.text}`,
          ).toBe(`${given.status} ${given.code}`);
          specGiven.push(key);
          continue;
        }
        const malformed = res.status === 404 || res.status >= 500 || MALFORMED.has(res.body?.code);
        if (malformed) refused.push(`${key}: ${res.status} ${res.body?.code} ${res.body?.reason ?? res.text}`);
      }
    }
    expect(sent).toBeGreaterThan(40);
    expect(specGiven.sort(), "every spec-given refusal is still an example of the reference").toEqual(
      SPEC_GIVEN_REFUSALS.map((r) => r.example).sort(),
    );
    const key = (line: string) => line.split(":")[0];
    const unexpected = refused.filter((r) => !KNOWN_EXAMPLE_REFUSALS.includes(key(r)));
    const nowAccepted = KNOWN_EXAMPLE_REFUSALS.filter((k) => !refused.some((r) => key(r) === k));
    expect(unexpected, "examples refused as malformed (fix, or list in contract/known-example-refusals.ts)").toEqual(
      [],
    );
    expect(nowAccepted, "accepted now: delete from contract/known-example-refusals.ts").toEqual([]);
  }, 300_000);
});
