// One real resource of every kind an API path can name, made on one platform
// through the API: the per-operation security sweep
// (tests/integration/security/operations.security.test.ts) makes this set on
// two platforms and calls each one's operations with the other's ids.
import { randomUUID } from "node:crypto";
import { server, waitFor, type ApiClient } from "./api";
import { usdAccountInfo } from "./money";
import { otpLogin } from "./wallet";
import { retryHeaders } from "./wallet-client";

/** Every kind of id a path or query parameter, or a request body, of the API names. */
export type ResourceKind =
  | "token"
  | "importJob"
  | "customer"
  | "businessCustomer"
  | "internalAccount"
  | "embeddedWallet"
  | "customerExternalAccount"
  | "platformExternalAccount"
  | "card"
  | "cardAuthorization"
  | "cardSettlement"
  | "cardAdviceAuthorization"
  | "cardRefunded"
  | "verification"
  | "beneficialOwner"
  | "document"
  | "walletCredential"
  | "walletSession"
  | "walletCard"
  | "delegatedKey"
  | "cardFundingSource"
  | "scaCustomer"
  | "scaFactor"
  | "scaReset"
  | "scaChallenge"
  | "scaExternalAccount"
  | "trustChallenge"
  | "quote"
  | "realtimeQuote"
  | "transaction"
  | "stablecoinProviderAccount"
  | "stablecoin"
  | "stablecoinAccount"
  | "stablecoinOperation"
  | "agent"
  | "deviceCode"
  | "agentAction"
  | "agentQuote"
  | "agentTransaction"
  | "agentExternalAccount"
  | "umaAddress"
  | "invitation"
  | "platformCustomerId"
  | "plaidLinkToken"
  | "loggedRequest";

export interface TenantFixtures {
  ids: Record<ResourceKind, string>;
  /** The bearer token of the platform's installed agent (AgentAuth operations). */
  agentToken: string;
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const idem = () => ({ headers: { "idempotency-key": randomUUID() } });

async function ok<T = any>(
  what: string,
  res: Promise<{ status: number; body: T; text: string }>,
  status = [200, 201, 202],
): Promise<T> {
  const r = await res;
  if (!status.includes(r.status)) throw new Error(`fixture ${what}: ${r.status} ${r.text}`);
  return r.body;
}

async function operator(method: string, path: string, body?: unknown) {
  const s = server();
  const res = await fetch(`${s.origin}/api/operator${path}`, {
    method,
    headers: { authorization: `Bearer ${s.operatorToken}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`fixture operator ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
]);
const ADDRESS = { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" };

/**
 * A quote funded in real time (POST /sandbox/send pays it) from `customerId`
 * to `externalAccountId`. Quotes expire within seconds in the test sandbox
 * (MERIDIAN_SANDBOX_TIME_SCALE): a caller that must pay one makes it fresh.
 */
export async function makeRealtimeQuote(
  api: ApiClient,
  customerId: string,
  externalAccountId: string,
): Promise<string> {
  const quote = await ok(
    "real-time funded quote",
    api.post("/quotes", {
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId },
      destination: { destinationType: "ACCOUNT", accountId: externalAccountId },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
    }),
  );
  return quote.id;
}

/**
 * Makes the fixtures on `api`'s platform. `webhookEndpoint` receives the
 * platform's webhooks (invitations need one configured).
 */
export async function makeTenantFixtures(api: ApiClient, webhookEndpoint: string): Promise<TenantFixtures> {
  await ok("config", api.patch("/config", { skipVerificationPaperwork: true, webhookEndpoint }));

  const token = await ok("token", api.post("/tokens", { name: `sweep ${unique()}`, permissions: ["VIEW"] }));
  const csv = new FormData();
  csv.set(
    "file",
    new Blob([`customerType,fullName\nINDIVIDUAL,Imported ${unique()}\n`], { type: "text/csv" }),
    "customers.csv",
  );
  const importJob = await ok("import job", api.post("/customers/bulk/csv", undefined, { raw: csv }));

  // One approved individual (skipVerificationPaperwork) with a funded USD account and an embedded wallet.
  const customer = await ok(
    "customer",
    api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Sweep Holder",
      platformCustomerId: `sweep-${unique()}`,
      email: `sweep-${unique()}@example.com`,
      phoneNumber: `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
      currencies: ["USD"],
    }),
  );
  const accounts = await ok("accounts", api.get(`/customers/internal-accounts?customerId=${customer.id}`));
  const usd = accounts.data.find((a: { type: string }) => a.type === "INTERNAL_FIAT").id as string;
  const wallet = accounts.data.find((a: { type: string }) => a.type === "EMBEDDED_WALLET").id as string;
  await ok("fund", api.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 1_000_000 }));

  const customerExt = await ok(
    "external account",
    api.post("/customers/external-accounts", {
      customerId: customer.id,
      currency: "USD",
      accountInfo: usdAccountInfo(`66${Date.now() % 100000}${seq++}1`),
    }),
  );
  const platformExt = await ok(
    "platform external account",
    api.post("/platform/external-accounts", {
      currency: "USD",
      accountInfo: usdAccountInfo(`77${Date.now() % 100000}${seq++}1`),
    }),
  );
  const card = await ok("card", api.post("/cards", { customerId: customer.id, form: "VIRTUAL", fundingSource: usd }));
  // an authorization left open, and one cleared (a refund names a settled transaction), once the card activates
  await waitFor(async () => (await api.get(`/cards/${card.id}`)).body.status === "ACTIVE", {
    what: "the sweep's card to activate",
  });
  const authorize = () =>
    ok(
      "card authorization",
      api.post(`/sandbox/cards/${card.id}/simulate/authorization`, {
        amount: 500,
        currency: { code: "USD" },
        merchant: { descriptor: "Sweep Shop" },
      }),
    );
  const cardAuthorization = await authorize();
  const cardSettlement = await authorize();
  await ok(
    "card clearing",
    api.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: cardSettlement.id, amount: 500 }),
  );
  // An open authorization for simulate/authorization_advice and a fully refunded one for simulate/return_reversal.
  const cardAdviceAuthorization = await authorize();
  const cardRefunded = await authorize();
  await ok(
    "refunded clearing",
    api.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: cardRefunded.id, amount: 500 }),
  );
  await ok(
    "full return",
    api.post(`/sandbox/cards/${card.id}/simulate/return`, { cardTransactionId: cardRefunded.id, amount: 500 }),
  );

  const business = await ok(
    "business",
    api.post("/customers", {
      customerType: "BUSINESS",
      address: ADDRESS,
      businessInfo: {
        legalName: "Sweep Corp",
        country: "US",
        incorporatedOn: "2015-03-01",
        taxId: "12-3456789",
        registrationNumber: `R${unique()}`,
      },
    }),
  );
  const beneficialOwner = await ok(
    "beneficial owner",
    api.post("/beneficial-owners", {
      customerId: business.id,
      roles: ["UBO"],
      ownershipPercentage: 60,
      personalInfo: {
        firstName: "Olive",
        lastName: "Owner",
        birthDate: "1980-05-05",
        nationality: "US",
        address: ADDRESS,
        idType: "SSN",
        identifier: "987-65-4321",
      },
    }),
  );
  const verification = await ok("verification", api.post("/verifications", { customerId: business.id }));
  // a second business with its owner, not yet submitted for verification
  const unverified = await ok(
    "business",
    api.post("/customers", {
      customerType: "BUSINESS",
      address: ADDRESS,
      businessInfo: {
        legalName: "Sweep Two Corp",
        country: "US",
        incorporatedOn: "2016-03-01",
        taxId: "12-3456780",
        registrationNumber: `R${unique()}`,
      },
    }),
  );
  await ok(
    "beneficial owner",
    api.post("/beneficial-owners", {
      customerId: unverified.id,
      roles: ["UBO"],
      ownershipPercentage: 60,
      personalInfo: {
        firstName: "Una",
        lastName: "Owner",
        birthDate: "1981-05-05",
        nationality: "US",
        address: ADDRESS,
        idType: "SSN",
        identifier: "987-65-4320",
      },
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries({ documentHolder: customer.id, documentType: "PASSPORT", country: "US" }))
    form.set(k, v);
  form.set("file", new Blob([new Uint8Array(JPEG)]), "passport.jpg");
  const document = await ok("document", api.post("/documents", undefined, { raw: form }));

  const credential = await ok(
    "wallet credential",
    api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: wallet }),
  );
  const session = await otpLogin(api, credential.id, "EMAIL_OTP", credential.otpEncryptionTargetBundle);
  // a card funded by the wallet, and a delegated key for it left PENDING (two of its three legs), which blocks
  // no new key
  const walletCard = await ok(
    "wallet card",
    api.post("/cards", { customerId: customer.id, form: "VIRTUAL", fundingSource: wallet }),
  );
  const keyBody = { cardId: walletCard.id, internalAccountId: wallet, nickname: "Sweep key" };
  const keyLeg1 = await ok("delegated key", api.post("/auth/delegated-keys", keyBody), [202]);
  await ok(
    "delegated key leg 2",
    api.post("/auth/delegated-keys", keyBody, { headers: await retryHeaders(session.key, keyLeg1) }),
    [202],
  );
  const delegatedKeys = await ok("delegated keys", api.get(`/auth/delegated-keys?accountId=${wallet}`));
  const delegatedKey = delegatedKeys.data[0];

  // SCA lives on customers in an SCA region: a French customer with a verified phone and a TOTP factor.
  const eu = await ok(
    "EU customer",
    api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Elsa Europe",
      region: "FR",
      email: `elsa-${unique()}@example.com`,
      phoneNumber: "+33612345678",
    }),
  );
  await ok("verify phone", api.post(`/customers/${eu.id}/verify-phone`), [204]);
  await ok("confirm phone", api.post(`/customers/${eu.id}/verify-phone/confirm`, { code: "123456" }));
  const totp = await ok("TOTP factor", api.post(`/sca/factors?customerId=${eu.id}`, { type: "TOTP" }));
  await ok(
    "TOTP confirm",
    api.post(`/sca/factors/confirm?customerId=${eu.id}`, { type: "TOTP", secret: totp.secret, code: "123456" }),
  );
  const factors = await ok("factors", api.get(`/sca/factors?customerId=${eu.id}`));
  const scaFactor = factors.factors.find((f: { factor: string }) => f.factor === "TOTP").credentialId as string;
  // a beneficiary of the SCA customer, with a trust challenge open in an SCA session (signed in with TOTP)
  const scaExternalAccount = await ok(
    "SCA customer's external account",
    api.post("/customers/external-accounts", {
      customerId: eu.id,
      currency: "USD",
      accountInfo: usdAccountInfo(`99${Date.now() % 100000}${seq++}1`),
    }),
  );
  await ok("SCA TOTP login", api.post(`/sca/login/start?customerId=${eu.id}`, { factor: "TOTP" }));
  await ok(
    "SCA TOTP login",
    api.post(`/sca/login/complete?customerId=${eu.id}`, {
      factor: "TOTP",
      endUserIpAddress: "203.0.113.9",
      code: "123456",
    }),
  );
  const trust = await ok("trust challenge", api.post(`/customers/external-accounts/${scaExternalAccount.id}/trust`));
  const scaChallenge = await ok(
    "SCA login challenge",
    api.post(`/sca/login/start?customerId=${eu.id}`, { factor: "SMS_OTP" }),
  );
  const scaReset = await ok("SCA reset", api.post(`/sca/factors/reset?customerId=${eu.id}`, { factor: "SMS_OTP" }));

  const quoteBody = {
    source: { sourceType: "ACCOUNT", accountId: usd },
    destination: { destinationType: "ACCOUNT", accountId: customerExt.id },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 1_000,
  };
  const quote = await ok("quote", api.post("/quotes", quoteBody));
  const realtimeQuote = await makeRealtimeQuote(api, customer.id, customerExt.id);
  const executed = await ok("executed quote", api.post("/quotes", { ...quoteBody, immediatelyExecute: true }));

  await ok(
    "provider account",
    api.post(
      "/stablecoin-provider-accounts",
      { provider: "BRALE", apiClientId: `cid_${randomUUID()}`, apiClientSecret: "s3cret-value" },
      idem(),
    ),
  );
  const providers = await ok("provider accounts", api.get("/stablecoin-provider-accounts"));
  const symbol = `S${unique().toUpperCase()}`;
  const stablecoin = await ok(
    "stablecoin",
    api.post(
      "/stablecoins",
      { providerTokenIdentifier: symbol, networkTokenIdentifier: `btkn1${symbol.toLowerCase()}`, network: "SPARK" },
      idem(),
    ),
  );
  await ok("enablement request", api.post(`/stablecoins/${stablecoin.id}/enablement-requests`, {}));
  await operator("POST", `/stablecoins/${stablecoin.id}/enablement`, { gridOperationsStatus: "ENABLING" });
  const enabled = await operator("POST", `/stablecoins/${stablecoin.id}/enablement`, {
    gridOperationsStatus: "ENABLED",
  });
  const mint = await ok(
    "mint",
    api.post(
      `/stablecoins/${stablecoin.id}/mints`,
      {
        amount: "1000000",
        fundingSource: { type: "GRID_INTERNAL_ACCOUNT", accountId: usd },
        destination: { accountId: enabled.internalAccountId },
      },
      idem(),
    ),
  );

  // An agent of the customer whose every action waits for approval, installed through its device code,
  // and a second agent left uninstalled, whose device code stays unredeemed.
  const newAgent = (name: string) =>
    ok(
      "agent",
      api.post("/agents", {
        name,
        customerId: customer.id,
        policy: {
          permissions: [
            "VIEW_TRANSACTIONS",
            "CREATE_TRANSFERS",
            "CREATE_QUOTES",
            "EXECUTE_QUOTES",
            "MANAGE_EXTERNAL_ACCOUNTS",
          ],
          defaultExecutionMode: "APPROVAL_REQUIRED",
          spendingLimits: {
            currency: "USD",
            perTransactionLimit: 10_000,
            dailyLimit: 50_000,
            dailyTransactionLimit: 20,
            monthlyLimit: 200_000,
          },
        },
      }),
    );
  const agent = await newAgent("Sweep agent");
  const redeemed = await ok(
    "redeem",
    api.post(`/agents/device-codes/${agent.deviceCode.code}/redeem`, undefined, { auth: "none" }),
  );
  const agentAuth = { bearer: redeemed.accessToken as string };
  const uninstalled = await newAgent("Sweep agent, not installed");
  const agentExt = await ok(
    "agent external account",
    api.post(
      "/agents/me/external-accounts",
      { currency: "USD", accountInfo: usdAccountInfo(`88${Date.now() % 100000}${seq++}1`) },
      { auth: agentAuth },
    ),
  );
  const action = await ok(
    "agent action",
    api.post(
      "/agents/me/transfer-out",
      { source: { accountId: usd }, destination: { accountId: customerExt.id }, amount: 500 },
      { auth: agentAuth },
    ),
  );
  const agentQuote = await ok(
    "agent quote",
    api.post("/agents/me/quotes", { ...quoteBody, lockedCurrencyAmount: 700 }, { auth: agentAuth }),
  );

  const invitation = await ok("invitation", api.post("/invitations", { inviterUma: customer.umaAddress }));
  const plaidLink = await ok("plaid link token", api.post("/plaid/link-tokens", { customerId: customer.id }));
  const loggedRequests = await ok("request log", api.get("/sandbox/requests?limit=1"));

  return {
    agentToken: agentAuth.bearer,
    ids: {
      token: token.id,
      importJob: importJob.jobId,
      customer: customer.id,
      businessCustomer: unverified.id,
      internalAccount: usd,
      embeddedWallet: wallet,
      customerExternalAccount: customerExt.id,
      platformExternalAccount: platformExt.id,
      card: card.id,
      cardAuthorization: cardAuthorization.id,
      cardSettlement: cardSettlement.id,
      cardAdviceAuthorization: cardAdviceAuthorization.id,
      cardRefunded: cardRefunded.id,
      verification: verification.id,
      beneficialOwner: beneficialOwner.id,
      document: document.id,
      walletCredential: credential.id,
      walletSession: session.id,
      walletCard: walletCard.id,
      delegatedKey: delegatedKey.id,
      cardFundingSource: delegatedKey.fundingSourceId,
      scaCustomer: eu.id,
      scaFactor,
      scaReset: scaReset.resetId,
      scaChallenge: scaChallenge.challengeId,
      scaExternalAccount: scaExternalAccount.id,
      trustChallenge: trust.scaChallenge.id,
      quote: quote.id,
      realtimeQuote,
      transaction: executed.transactionId,
      stablecoinProviderAccount: providers.data[0].id,
      stablecoin: stablecoin.id,
      stablecoinAccount: enabled.internalAccountId,
      stablecoinOperation: mint.id,
      agent: agent.agent.id,
      deviceCode: uninstalled.deviceCode.code,
      agentAction: action.id,
      agentQuote: agentQuote.id ?? agentQuote.quote?.id,
      agentTransaction: executed.transactionId,
      agentExternalAccount: agentExt.id,
      umaAddress: customer.umaAddress,
      invitation: invitation.code,
      platformCustomerId: unverified.platformCustomerId,
      plaidLinkToken: plaidLink.linkToken,
      loggedRequest: loggedRequests.data[0].id,
    },
  };
}
