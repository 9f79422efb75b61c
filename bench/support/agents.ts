// Bench fixtures shared by bench/api, bench/agents and bench/statements: the request bodies of the main writes, a
// platform's base customer, and installed agents of a customer whose transfer-outs wait for approval (each answer
// is a PENDING_APPROVAL action; nothing moves).

import { ADDRESS } from "../../tests/support/money";

export { ADDRESS };

type Call = (method: string, path: string, body?: unknown, authorization?: string | null) => Promise<Answer>;
type Answer = Record<string, unknown> & { id: string; data: { id: string }[] };

/** A JSON call to the API under `baseUrl`, with `auth` unless another authorization (or none) is given. */
export function apiCaller(baseUrl: string, auth: string): Call {
  return async (method, path, body, authorization = auth) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(authorization ? { authorization } : {}), "content-type": "application/json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as Answer;
    if (!res.ok) throw new Error(`${path} -> ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** The bench agents' policy: they may move money, and every transfer waits for approval. */
export const AGENT_POLICY = {
  permissions: ["VIEW_TRANSACTIONS", "CREATE_TRANSFERS"],
  defaultExecutionMode: "APPROVAL_REQUIRED",
  spendingLimits: {
    currency: "USD",
    perTransactionLimit: 10_000,
    dailyLimit: 1_000_000_000,
    dailyTransactionLimit: 1_000_000,
    monthlyLimit: 1_000_000_000,
  },
};

/**
 * `count` agents of the customer installed through their device codes (their bearer tokens), under a policy whose
 * transfers wait for approval, and the customer's USD internal account and a USD external account to move between.
 */
export async function benchAgents(
  baseUrl: string,
  auth: string,
  customerId: string,
  count: number,
): Promise<{ auths: string[]; source: string; destination: string }> {
  const call = apiCaller(baseUrl, auth);
  const install = async (i: number) => {
    const agent = (await call("POST", "/agents", {
      name: `Bench agent ${i + 1}`,
      customerId,
      policy: AGENT_POLICY,
    })) as unknown as { deviceCode: { code: string } };
    const redeemed = await call("POST", `/agents/device-codes/${agent.deviceCode.code}/redeem`, undefined, null);
    return `Bearer ${String(redeemed.accessToken)}`;
  };
  const auths = await Promise.all(Array.from({ length: count }, (_, i) => install(i)));
  const accounts = await call("GET", `/customers/internal-accounts?customerId=${customerId}&type=INTERNAL_FIAT`);
  const external = await call("POST", "/customers/external-accounts", {
    customerId,
    currency: "USD",
    accountInfo: {
      accountType: "USD_ACCOUNT",
      accountNumber: "9876543210",
      routingNumber: "021000021",
      bankAccountType: "CHECKING",
      bankName: "Chase",
      beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Bench Base", address: ADDRESS },
    },
  });
  return { auths, source: accounts.data[0].id, destination: external.id };
}

/** POST /customers: a new individual each time (`unique` keeps platformCustomerId unused). */
export function customerBody(unique: string) {
  return {
    customerType: "INDIVIDUAL",
    platformCustomerId: `bench-${unique}`,
    fullName: "Bench Person",
    birthDate: "1990-01-15",
    nationality: "US",
    currencies: ["USD"],
  };
}

/**
 * POST /customers/external-accounts: a new USD bank account of `customerId` (`n` varies its number). The number
 * ends in 000, which no sandbox table steers (name verification reads 1xx: 104 is PENDING with a validation job,
 * 105 a 400 INVALID_BANK_ACCOUNT), so every request takes the common path: an account whose name matched.
 */
export function externalAccountBody(customerId: string, unique: string, n: number) {
  return {
    customerId,
    currency: "USD",
    platformAccountId: `bench-${unique}`,
    accountInfo: {
      accountType: "USD_ACCOUNT",
      accountNumber: `${1_000_000 + (n % 8_999_999)}000`,
      routingNumber: "021000021",
      bankAccountType: "CHECKING",
      bankName: "Chase",
      beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Bench Person", address: ADDRESS },
    },
  };
}

/** The platform's calls under its Basic credentials, and the customer the benches' agents and accounts belong to. */
export async function benchBase(server: { baseUrl: string; clientId: string; clientSecret: string }) {
  const auth = `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`;
  const call = apiCaller(server.baseUrl, auth);
  const customer = await call("POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Bench Base",
    currencies: ["USD"],
  });
  return { auth, call, customer };
}

/**
 * A second platform that skips verification paperwork (customers start APPROVED), with an APPROVED customer and its
 * USD account: what card issuance needs (bench/api, bench/statements). It has no webhook endpoint, so each card's
 * CARD.STATUS_CHANGE is recorded NO_ENDPOINT, as on a platform that has not configured one.
 */
export async function benchCardsPlatform(server: { origin: string; baseUrl: string; operatorToken: string }) {
  const platform = (await apiCaller(server.origin, `Bearer ${server.operatorToken}`)(
    "POST",
    "/api/operator/platforms",
    {
      name: "bench cards",
    },
  )) as unknown as { clientId: string; clientSecret: string };
  const auth = `Basic ${Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString("base64")}`;
  const call = apiCaller(server.baseUrl, auth);
  await call("PATCH", "/config", { skipVerificationPaperwork: true });
  const customer = await call("POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Bench Holder",
    currencies: ["USD"],
  });
  const accounts = await call("GET", `/customers/internal-accounts?customerId=${customer.id}&type=INTERNAL_FIAT`);
  return { auth, customerId: customer.id, accountId: accounts.data[0].id };
}
