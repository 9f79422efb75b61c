// The transfer load of bench/transfers and bench/metrics-overhead, in one place:
// funded accounts made through the API, then autocannon sending POST /quotes with
// immediatelyExecute between two random accounts. With several servers (instances
// on one PostgreSQL) the connections are split evenly and the figures summed.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { externalAccountBody } from "./agents";

export async function apiJson(url: string, auth: string, method: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { authorization: auth, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

export function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

export interface Funded {
  /** InternalAccount ids, each funded with 1e9 minor units. */
  accounts: string[];
  /** Their customers' ids. */
  customers: string[];
}

/** `count` customers with a funded USD account each, made through the API of `baseUrl`. */
export async function fundedAccounts(baseUrl: string, auth: string, count: number): Promise<Funded> {
  const accounts: string[] = [];
  const customers: string[] = [];
  for (let i = 0; i < count; i++) {
    const c = await apiJson(`${baseUrl}/customers`, auth, "POST", {
      customerType: "INDIVIDUAL",
      fullName: `Bench ${i}`,
      currencies: ["USD"],
    });
    const list = await apiJson(
      `${baseUrl}/customers/internal-accounts?customerId=${c.id}&type=INTERNAL_FIAT`,
      auth,
      "GET",
    );
    customers.push(c.id);
    accounts.push(list.data[0].id);
    await apiJson(`${baseUrl}/sandbox/internal-accounts/${list.data[0].id}/fund`, auth, "POST", {
      amount: 1_000_000_000,
    });
  }
  return { accounts, customers };
}

/**
 * `count` customers with a funded USD account and a USD bank account each (`banks[i]` is `customers[i]`'s): what the
 * money writes (transfer-in, transfer-out, quotes) of bench/api and bench/writes spread their requests over.
 */
export async function fundedCustomersWithBanks(
  baseUrl: string,
  auth: string,
  count: number,
): Promise<Funded & { banks: string[] }> {
  const funded = await fundedAccounts(baseUrl, auth, count);
  const banks = await Promise.all(
    funded.customers.map(
      async (customerId, i) =>
        (
          (await apiJson(`${baseUrl}/customers/external-accounts`, auth, "POST", {
            ...externalAccountBody(customerId, `bank-${randomUUID()}`, i),
          })) as { id: string }
        ).id,
    ),
  );
  return { ...funded, banks };
}

export interface RunFigures {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function one(
  baseUrl: string,
  auth: string,
  connections: number,
  secs: number,
  request: { method: "GET" | "POST"; path: () => string; body?: () => string; withKeys?: boolean },
): Promise<RunFigures> {
  const basePath = new URL(baseUrl).pathname;
  const result = await autocannon({
    url: `${baseUrl}${request.path()}`,
    connections,
    duration: secs,
    method: request.method,
    headers: { authorization: auth, "content-type": "application/json" },
    requests: [
      {
        setupRequest: (req: { path?: string; body?: string; headers?: Record<string, string> }) => {
          if (request.withKeys) req.headers = { ...req.headers, "idempotency-key": randomUUID() };
          req.path = basePath + request.path();
          if (request.body) req.body = request.body();
          return req;
        },
      },
    ],
  } as Parameters<typeof autocannon>[0]);
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * `connections` clients for `secs` seconds against the servers at `baseUrls`
 * (split evenly, run at once); p50/p99 are the worst server's.
 */
export async function loadServers(
  baseUrls: string[],
  auth: string,
  connections: number,
  secs: number,
  request: { method: "GET" | "POST"; path: () => string; body?: () => string; withKeys?: boolean },
): Promise<RunFigures> {
  const shares = baseUrls.map(
    (_, i) => Math.floor(connections / baseUrls.length) + (i < connections % baseUrls.length ? 1 : 0),
  );
  const runs = await Promise.all(
    baseUrls.map((u, i) => (shares[i] > 0 ? one(u, auth, shares[i], secs, request) : null)),
  );
  const done = runs.filter((r): r is RunFigures => r !== null);
  return {
    rps: done.reduce((s, r) => s + r.rps, 0),
    total: done.reduce((s, r) => s + r.total, 0),
    p50: Math.max(...done.map((r) => r.p50)),
    p99: Math.max(...done.map((r) => r.p99)),
    non2xx: done.reduce((s, r) => s + r.non2xx, 0),
    errors: done.reduce((s, r) => s + r.errors, 0),
  };
}

/** Internal transfers (POST /quotes, immediatelyExecute) between random funded accounts. */
export function transferLoad(
  baseUrls: string[],
  auth: string,
  accounts: string[],
  connections: number,
  secs: number,
  opts: { withKeys?: boolean } = {},
): Promise<RunFigures> {
  return loadServers(baseUrls, auth, connections, secs, {
    method: "POST",
    path: () => "/quotes",
    withKeys: opts.withKeys,
    body: () => {
      const a = Math.floor(Math.random() * accounts.length);
      let b = Math.floor(Math.random() * (accounts.length - 1));
      if (b >= a) b += 1;
      return JSON.stringify({
        source: { sourceType: "ACCOUNT", accountId: accounts[a] },
        destination: { destinationType: "ACCOUNT", accountId: accounts[b] },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 1,
        immediatelyExecute: true,
      });
    },
  });
}
