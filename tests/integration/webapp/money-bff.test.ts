// The customer money BFF routes (app/api/wallet/{accounts,external-accounts,
// exchange-rates,quotes,transactions}) at the HTTP boundary: every route is
// scoped to the signed-in customer, state changes need the CSRF token and the
// app's origin, and quote execution passes the signed retry through without
// the BFF ever holding a key.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { ApiClient, server } from "../../support/api";
import { usdAccountInfo } from "../../support/money";
import { bundleSigner } from "../../support/wallet";
import { newClientKey, otpBundle, stamp, type ClientKey } from "../../support/wallet-client";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../../../lib/kernel/signed-retry-headers";

const appOrigin = () => `http://localhost:${new URL(server().origin).port}`;
const sandboxPlatform = () => new ApiClient(server().baseUrl, server().clientId, server().clientSecret, "");

interface Res {
  status: number;
  body: any;
}

/** A browser-like client: a cookie jar over fetch, the app's Origin, and the page's CSRF token once signed in. */
class WebCustomer {
  cookies = new Map<string, string>();
  csrf = "";
  customerId = "";
  walletId = "";
  key!: ClientKey;

  async raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${server().origin}${path}`, {
      method,
      redirect: "manual",
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body !== undefined && typeof body !== "string" ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }

  /** A same-origin call with the CSRF token, as lib/browser/bff.ts makes it. */
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
    const res = await this.raw(method, path, body, {
      origin: appOrigin(),
      ...(method === "GET" ? {} : { "x-csrf-token": this.csrf }),
      ...headers,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  static async signUp(fullName: string): Promise<WebCustomer> {
    const c = new WebCustomer();
    const signup = await c.call("POST", "/api/wallet/signup", {
      fullName,
      email: `m-${randomUUID().slice(0, 8)}@example.com`,
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const cred = await c.call("POST", "/api/wallet/enroll", {
      enrollment: signup.body.enrollment,
      credential: { type: "EMAIL_OTP" },
    });
    expect(cred.status, JSON.stringify(cred.body)).toBe(201);
    const bundle = cred.body.otpEncryptionTargetBundle as string;
    c.key = newClientKey();
    const verifyBody = {
      type: "EMAIL_OTP",
      encryptedOtpBundle: await otpBundle("000000", bundle, c.key, bundleSigner(bundle)),
    };
    const path = `/api/wallet/credentials/${encodeURIComponent(cred.body.id)}/verify`;
    const first = await c.call("POST", path, verifyBody);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const second = await c.call("POST", path, verifyBody, {
      [WALLET_SIGNATURE_HEADER]: await stamp(c.key, first.body.payloadToSign),
      [SIGNED_REQUEST_ID_HEADER]: first.body.requestId,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    c.walletId = second.body.session.accountId;

    const { csrfToken } = (await (await c.raw("GET", "/api/auth/csrf")).json()) as { csrfToken: string };
    const signin = await c.raw(
      "POST",
      "/api/auth/callback/customer",
      new URLSearchParams({ csrfToken, ticket: second.body.ticket, json: "true" }).toString(),
      {
        "content-type": "application/x-www-form-urlencoded",
      },
    );
    expect(signin.status).toBeLessThan(400);
    const session = (await (await c.raw("GET", "/api/auth/session")).json()) as { identity: { customerId: string } };
    c.customerId = session.identity.customerId;
    const html = await (await c.raw("GET", "/wallet/balances")).text();
    c.csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(c.csrf).not.toBe("");
    return c;
  }

  async accounts(): Promise<{ id: string; type: string; balance: { amount: number } }[]> {
    const res = await this.call("GET", "/api/wallet/accounts");
    expect(res.status).toBe(200);
    return res.body.data;
  }

  /** Executes a quote through the BFF: 202 challenge, stamp with `key`, identical retry. */
  async execute(quoteId: string, key: ClientKey = this.key): Promise<{ first: Res; retry: Res }> {
    const path = `/api/wallet/quotes/${encodeURIComponent(quoteId)}/execute`;
    const first = await this.call("POST", path);
    if (first.status !== 202) return { first, retry: first };
    const retry = await this.call("POST", path, undefined, {
      [WALLET_SIGNATURE_HEADER]: await stamp(key, first.body.payloadToSign),
      [SIGNED_REQUEST_ID_HEADER]: first.body.requestId,
    });
    return { first, retry };
  }
}

async function fundWallet(c: WebCustomer, amount: number) {
  const res = await c.call("POST", `/api/wallet/accounts/${encodeURIComponent(c.walletId)}/fund`, { amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function addUsdAccount(c: WebCustomer, accountNumber: string): Promise<string> {
  const res = await c.call("POST", "/api/wallet/external-accounts", {
    currency: "USD",
    accountInfo: usdAccountInfo(accountNumber),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function quoteTo(c: WebCustomer, externalId: string, amount: number): Promise<Res> {
  return c.call("POST", "/api/wallet/quotes", {
    sourceAccountId: c.walletId,
    destination: { destinationType: "ACCOUNT", accountId: externalId },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: amount,
  });
}

describe("customer money BFF", () => {
  it("a quote to a UMA address looks the receiver up first; an unknown receiver is the lookup's 404", async () => {
    const carol = await WebCustomer.signUp("Carol Uma");
    await fundWallet(carol, 5_000_000);
    const send = (umaAddress: string) =>
      carol.call("POST", "/api/wallet/quotes", {
        sourceAccountId: carol.walletId,
        destination: { destinationType: "UMA_ADDRESS", umaAddress },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 1_000_000,
      });
    const quote = await send("$success.usd@sandbox.meridian.local");
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    expect(quote.body).toMatchObject({
      status: "PENDING",
      destination: { destinationType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.meridian.local" },
    });
    const unknown = await send("$nobody.here@sandbox.meridian.local");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("UMA_NOT_FOUND");
  });

  it("funds, quotes and executes with the signed retry passed through; a stamp from another customer's session is refused", async () => {
    const bob = await WebCustomer.signUp("Bob Sender");
    const eve = await WebCustomer.signUp("Eve Other");
    await fundWallet(bob, 50_000_000);
    const ext = await addUsdAccount(bob, `5550${Math.floor(Math.random() * 1e4)}001`);
    const rate = await bob.call(
      "GET",
      "/api/wallet/exchange-rates?sourceCurrency=USDB&destinationCurrency=USD&sendingAmount=10000000",
    );
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
    expect(rate.body.data[0]).toMatchObject({ sourceCurrency: { code: "USDB" }, destinationCurrency: { code: "USD" } });

    const quote = await quoteTo(bob, ext, 10_000_000);
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    expect(quote.body).toMatchObject({
      status: "PENDING",
      sendingCurrency: { code: "USDB" },
      receivingCurrency: { code: "USD" },
      source: { accountId: bob.walletId },
    });
    expect((await bob.call("GET", `/api/wallet/quotes/${encodeURIComponent(quote.body.id)}`)).body.id).toBe(
      quote.body.id,
    );

    // The BFF passes the 202 through; Eve's session key cannot authorize Bob's wallet.
    const forged = await bob.execute(quote.body.id, eve.key);
    expect(forged.first.status).toBe(202);
    expect(typeof forged.first.body.payloadToSign).toBe("string");
    expect(forged.retry.status).toBe(401);
    expect(forged.retry.body.code).toBe("WALLET_SIGNATURE_INVALID");
    const walletBefore = (await bob.accounts()).find((a) => a.id === bob.walletId)!;
    expect(walletBefore.balance.amount).toBe(50_000_000);

    const executed = await bob.execute(quote.body.id);
    expect(executed.retry.status, JSON.stringify(executed.retry.body)).toBe(200);
    expect(executed.retry.body.status).toBe("COMPLETED");
    expect((await bob.accounts()).find((a) => a.id === bob.walletId)!.balance.amount).toBe(40_000_000);

    const list = await bob.call("GET", "/api/wallet/transactions");
    expect(list.status).toBe(200);
    expect(list.body.data.map((t: { id: string }) => t.id)).toContain(quote.body.transactionId);
    const tx = await bob.call("GET", `/api/wallet/transactions/${encodeURIComponent(quote.body.transactionId)}`);
    expect(tx.status).toBe(200);
    expect(tx.body).toMatchObject({ id: quote.body.transactionId, status: "COMPLETED", customerId: bob.customerId });

    // A second payment, wallet → Bob's own USD account, then the list one page at a time.
    const usd = (await bob.accounts()).find((a) => a.type === "INTERNAL_FIAT")!;
    const toSelf = await bob.call("POST", "/api/wallet/quotes", {
      sourceAccountId: bob.walletId,
      destination: { destinationType: "ACCOUNT", accountId: usd.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000_000,
    });
    expect(toSelf.status, JSON.stringify(toSelf.body)).toBe(201);
    expect((await bob.execute(toSelf.body.id)).retry.status).toBe(200);
    const first = await bob.call("GET", "/api/wallet/transactions?limit=1");
    expect(first.body).toMatchObject({ hasMore: true });
    expect(first.body.data.map((t: { id: string }) => t.id)).toEqual([toSelf.body.transactionId]);
    const second = await bob.call(
      "GET",
      `/api/wallet/transactions?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.body.data.map((t: { id: string }) => t.id)).toEqual([quote.body.transactionId]);
  });

  it("never lets one customer reach another customer's accounts, external accounts, quotes or transactions", async () => {
    const alice = await WebCustomer.signUp("Alice Scoped");
    const bob = await WebCustomer.signUp("Bob Scoped");
    await fundWallet(bob, 20_000_000);
    const bobExt = await addUsdAccount(bob, `7770${Math.floor(Math.random() * 1e4)}001`);
    const bobQuote = (await quoteTo(bob, bobExt, 1_000_000)).body;
    const bobTx = (await bob.execute(bobQuote.id)).retry;
    expect(bobTx.status, JSON.stringify(bobTx.body)).toBe(200);

    const mine = await alice.accounts();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((a) => a.id)).not.toContain(bob.walletId);
    expect((await alice.call("GET", "/api/wallet/external-accounts")).body.data).toEqual([]);
    expect((await alice.call("GET", "/api/wallet/transactions")).body.data).toEqual([]);

    const attempts: [string, string, unknown?][] = [
      ["POST", `/api/wallet/accounts/${encodeURIComponent(bob.walletId)}/fund`, { amount: 1 }],
      ["DELETE", `/api/wallet/external-accounts/${encodeURIComponent(bobExt)}`],
      ["GET", `/api/wallet/quotes/${encodeURIComponent(bobQuote.id)}`],
      ["POST", `/api/wallet/quotes/${encodeURIComponent(bobQuote.id)}/execute`],
      ["GET", `/api/wallet/transactions/${encodeURIComponent(bobQuote.transactionId)}`],
      [
        "POST",
        "/api/wallet/quotes",
        {
          sourceAccountId: bob.walletId,
          destination: { destinationType: "ACCOUNT", accountId: bobExt },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: 100,
        },
      ],
      [
        "POST",
        "/api/wallet/quotes",
        {
          sourceAccountId: alice.walletId,
          destination: { destinationType: "ACCOUNT", accountId: bobExt },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: 100,
        },
      ],
      [
        "POST",
        "/api/wallet/quotes",
        {
          sourceAccountId: alice.walletId,
          destination: { destinationType: "ACCOUNT", accountId: bob.walletId },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: 100,
        },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const res = await alice.call(method, path, body);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    // Bob's things are untouched.
    expect((await bob.call("GET", "/api/wallet/external-accounts")).body.data.map((e: { id: string }) => e.id)).toEqual(
      [bobExt],
    );
    expect((await bob.accounts()).find((a) => a.id === bob.walletId)!.balance.amount).toBe(19_000_000);
    // The same through the platform API: the transaction is Bob's, not Alice's.
    const tx = await sandboxPlatform().get(`/transactions/${encodeURIComponent(bobQuote.transactionId)}`);
    expect(tx.body.customerId).toBe(bob.customerId);
  });

  it("state-changing money routes need the page's CSRF token and the app's origin; reads need a session", async () => {
    const carol = await WebCustomer.signUp("Carol Csrf");
    const ext = await addUsdAccount(carol, `8880${Math.floor(Math.random() * 1e4)}001`);
    const writes: [string, string, unknown?][] = [
      ["POST", `/api/wallet/accounts/${encodeURIComponent(carol.walletId)}/fund`, { amount: 100 }],
      ["POST", "/api/wallet/external-accounts", { currency: "USD", accountInfo: usdAccountInfo("88800002") }],
      ["DELETE", `/api/wallet/external-accounts/${encodeURIComponent(ext)}`],
      [
        "POST",
        "/api/wallet/quotes",
        {
          sourceAccountId: carol.walletId,
          destination: { destinationType: "ACCOUNT", accountId: ext },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: 100,
        },
      ],
    ];
    for (const [method, path, body] of writes) {
      const noToken = await carol.call(method, path, body, { "x-csrf-token": "" });
      expect(noToken.status, `${method} ${path}`).toBe(403);
      expect(noToken.body.code).toBe("CSRF_REJECTED");
      const otherSite = await carol.call(method, path, body, { origin: "https://evil.example" });
      expect(otherSite.status, `${method} ${path}`).toBe(403);
    }
    const wallet = (await carol.accounts()).find((a) => a.id === carol.walletId)!;
    expect(wallet.balance.amount).toBe(0);
    expect((await carol.call("GET", "/api/wallet/external-accounts")).body.data).toHaveLength(1);

    const stranger = new WebCustomer();
    for (const path of [
      "/api/wallet/accounts",
      "/api/wallet/external-accounts",
      "/api/wallet/transactions",
      "/api/wallet/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR",
    ]) {
      const res = await stranger.call("GET", path);
      expect(res.status, path).toBe(401);
    }
  });

  it("an invalid external account comes back with the API's field errors and nothing is added", async () => {
    const dan = await WebCustomer.signUp("Dan Fields");
    const res = await dan.call("POST", "/api/wallet/external-accounts", {
      currency: "EUR",
      accountInfo: {
        accountType: "EUR_ACCOUNT",
        iban: "DE89",
        beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Dan Fields", address: { line1: "1 Main St" } },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    const fields = [...new Set(res.body.details.errors.map((e: { field: string }) => e.field))].sort();
    expect(fields).toEqual(
      [
        "accountInfo.beneficiary.address.country",
        "accountInfo.beneficiary.address.postalCode",
        "accountInfo.beneficiary.countryOfResidence",
        "accountInfo.iban",
      ].sort(),
    );
    expect((await dan.call("GET", "/api/wallet/external-accounts")).body.data).toEqual([]);
  });
});
