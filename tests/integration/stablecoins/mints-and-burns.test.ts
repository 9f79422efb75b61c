import { describe, expect, it } from "vitest";
import { database, newPlatform, waitFor, type ApiClient } from "../../support/api";
import { enabledStablecoin, idem, link, register, symbol } from "./helpers";

async function usdAccount(api: ApiClient, fund = 0) {
  const customer = await api.post("/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Issuer Treasury",
    currencies: ["USD"],
  });
  const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
  const id = accounts.body.data[0].id as string;
  if (fund) await api.post(`/sandbox/internal-accounts/${id}/fund`, { amount: fund });
  return id;
}

const balanceOf = async (id: string) => {
  const { rows } = await database().query(`SELECT available::text FROM internal_accounts WHERE id = $1`, [
    id.split(":")[1],
  ]);
  return BigInt(rows[0].available);
};

describe("Stablecoin mints", () => {
  it("funds a mint from a Meridian account: debits the funding now, credits the tokens on completion, all balanced", async () => {
    const api = await newPlatform();
    await link(api);
    const sc = await enabledStablecoin(api);
    const usd = await usdAccount(api, 100_000);
    const mint = await api.post(
      `/stablecoins/${sc.id}/mints`,
      {
        amount: "250000000",
        fundingSource: { type: "GRID_INTERNAL_ACCOUNT", accountId: usd },
        destination: { accountId: sc.internalAccountId },
        description: "treasury",
      },
      idem(),
    );
    expect(mint.status).toBe(201);
    expect(mint.body).toMatchObject({
      operationType: "MINT",
      status: "PROCESSING",
      amount: "250000000",
      stablecoinId: sc.id,
      description: "treasury",
    });
    expect(await balanceOf(usd)).toBe(100_000n - 25_000n);
    const done = await waitFor(
      async () => {
        const r = await api.get(`/stablecoin-operations/${mint.body.id}`);
        return r.body.status === "COMPLETED" ? r.body : undefined;
      },
      { what: "mint completion" },
    );
    expect(done.providerStatus).toBe("completed");
    expect(await balanceOf(sc.internalAccountId)).toBe(250_000_000n);
    const { rows } = await database().query(
      `SELECT e.currency, sum(e.amount)::text AS total FROM ledger_entries e ` +
        `JOIN ledger_postings p ON p.id = e.posting_id WHERE p.reference = $1 ` +
        `GROUP BY e.currency`,
      [mint.body.id],
    );
    expect(rows.length).toBe(2);
    for (const r of rows) expect(r.total).toBe("0");

    const ops = await api.get(`/stablecoins/${sc.id}/operations?operationType=MINT`);
    expect(ops.body.data.map((o: { id: string }) => o.id)).toEqual([mint.body.id]);
    expect((await api.get(`/stablecoins/${sc.id}/operations?operationType=BURN`)).body.totalCount).toBe(0);
    // the reference documents no 400 on this list: a type no operation has matches nothing
    const none = await api.get(`/stablecoins/${sc.id}/operations?operationType=SWAP`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: [], hasMore: false, totalCount: 0 });
    expect((await (await newPlatform()).get(`/stablecoin-operations/${mint.body.id}`)).status).toBe(404);
  });

  it("returns the funding when the provider fails the mint (amount suffix 003), and refuses overdrafts", async () => {
    const api = await newPlatform();
    await link(api);
    const sc = await enabledStablecoin(api);
    const usd = await usdAccount(api, 5_000);
    const failing = await api.post(
      `/stablecoins/${sc.id}/mints`,
      {
        amount: "10030000",
        fundingSource: { type: "GRID_INTERNAL_ACCOUNT", accountId: usd },
        destination: { accountId: sc.internalAccountId },
      },
      idem(),
    );
    expect(failing.status).toBe(201);
    // the funding was taken when the mint was created (the failure may already have returned it)
    const debits = await database().query(
      `SELECT amount::text FROM ledger_entries WHERE internal_account_id = $1 ORDER BY id`,
      [usd.split(":")[1]],
    );
    expect(debits.rows.map((r) => r.amount)).toContain("-1003");
    const failed = await waitFor(async () =>
      (await api.get(`/stablecoin-operations/${failing.body.id}`)).body.status === "FAILED" ? true : undefined,
    );
    expect(failed).toBe(true);
    expect((await api.get(`/stablecoin-operations/${failing.body.id}`)).body.failureReason).toBe(
      "PROVIDER_TRANSFER_FAILED",
    );
    expect(await balanceOf(usd)).toBe(5_000n);
    const tooMuch = await api.post(
      `/stablecoins/${sc.id}/mints`,
      {
        amount: "60000000",
        fundingSource: { type: "GRID_INTERNAL_ACCOUNT", accountId: usd },
        destination: { accountId: sc.internalAccountId },
      },
      idem(),
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe("INSUFFICIENT_FUNDS");
    expect((await api.get(`/stablecoins/${sc.id}/operations`)).body.totalCount).toBe(1);
  });

  it("wire-funded mints wait for funding: completed, or EXPIRED when funds never arrive (suffix 005)", async () => {
    const api = await newPlatform();
    await link(api);
    const sc = await enabledStablecoin(api);
    const wire = await api.post(
      `/stablecoins/${sc.id}/mints`,
      { amount: "1000000", fundingSource: { type: "WIRE" }, destination: { accountId: sc.internalAccountId } },
      idem(),
    );
    expect(wire.body).toMatchObject({
      status: "PENDING_FUNDING",
      fundingInstructions: { rail: "WIRE", amount: "100" },
    });
    expect(wire.body.expiresAt).toBeTruthy();
    await waitFor(async () => (await api.get(`/stablecoin-operations/${wire.body.id}`)).body.status === "COMPLETED");
    expect(await balanceOf(sc.internalAccountId)).toBe(1_000_000n);
    const never = await api.post(
      `/stablecoins/${sc.id}/mints`,
      { amount: "10050000", fundingSource: { type: "WIRE" }, destination: { accountId: sc.internalAccountId } },
      idem(),
    );
    await waitFor(async () => (await api.get(`/stablecoin-operations/${never.body.id}`)).body.status === "EXPIRED");
    expect(await balanceOf(sc.internalAccountId)).toBe(1_000_000n);
  });

  it("answers each STABLECOIN_* precondition with its code", async () => {
    const api = await newPlatform();
    await link(api, "cid_mint", "acct-mint");
    const plain = (await register(api)).body;
    const body = (extra: object = {}) => ({
      amount: "1000000",
      fundingSource: { type: "WIRE" },
      destination: { accountId: "InternalAccount:01900000-0000-7000-8000-000000000000" },
      ...extra,
    });

    const noKey = await api.post(`/stablecoins/${plain.id}/mints`, body());
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.errors[0].field).toBe("Idempotency-Key");

    const fraction = await api.post(`/stablecoins/${plain.id}/mints`, body({ amount: "1000001" }), idem());
    expect(fraction.status).toBe(400);
    expect(fraction.body.code).toBe("STABLECOIN_AMOUNT_NOT_REPRESENTABLE");

    const notEnabled = await api.post(`/stablecoins/${plain.id}/mints`, body(), idem());
    expect(notEnabled.body.code).toBe("STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED");
    const usd = await usdAccount(api);
    const notEnabled2 = await api.post(
      `/stablecoins/${plain.id}/mints`,
      body({ fundingSource: { type: "GRID_INTERNAL_ACCOUNT", accountId: usd } }),
      idem(),
    );
    expect(notEnabled2.body.code).toBe("STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED");

    const review = (await register(api, symbol("REVIEW"))).body;
    const notProvisioned = await api.post(`/stablecoins/${review.id}/mints`, body(), idem());
    expect(notProvisioned.body.code).toBe("STABLECOIN_NOT_PROVISIONED");

    const sc = await enabledStablecoin(api);
    const dest = { destination: { accountId: sc.internalAccountId } };
    const unsupported = await api.post(
      `/stablecoins/${sc.id}/mints`,
      body({
        ...dest,
        fundingSource: { type: "PROVIDER_INTERNAL_BALANCE", sourceTokenIdentifier: "DOGE", cryptoNetwork: "SOLANA" },
      }),
      idem(),
    );
    expect(unsupported.body.code).toBe("STABLECOIN_OPERATION_NOT_SUPPORTED");
    const notLinked = await api.post(
      `/stablecoins/${sc.id}/mints`,
      body({
        ...dest,
        fundingSource: { type: "PROVIDER_INTERNAL_BALANCE", sourceTokenIdentifier: "USDC", cryptoNetwork: "TRON" },
      }),
      idem(),
    );
    expect(notLinked.body.code).toBe("STABLECOIN_PROVIDER_SOURCE_NOT_LINKED");
    const providerBalance = await api.post(
      `/stablecoins/${sc.id}/mints`,
      body({
        ...dest,
        fundingSource: { type: "PROVIDER_INTERNAL_BALANCE", sourceTokenIdentifier: "USDC", cryptoNetwork: "SOLANA" },
      }),
      idem(),
    );
    expect(providerBalance.body.status).toBe("PENDING_PROVIDER");
    const providerError = await api.post(`/stablecoins/${sc.id}/mints`, body({ ...dest, amount: "10020000" }), idem());
    expect(providerError.status).toBe(400);
    expect(providerError.body.code).toBe("STABLECOIN_PROVIDER_ERROR");

    await link(api, "cid_mint_revoked", "acct-mint");
    const revoked = await api.post(`/stablecoins/${sc.id}/mints`, body(dest), idem());
    expect(revoked.body.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_REVOKED");
    await link(api, "cid_mint_invalid", "acct-mint");
    const invalid = await api.post(
      `/stablecoins/${sc.id}/burns`,
      {
        amount: "1000000",
        source: { type: "PROVIDER_INTERNAL_BALANCE" },
        destination: {
          type: "EXTERNAL_ACCOUNT",
          externalAccountId: "ExternalAccount:01900000-0000-7000-8000-000000000000",
          rail: "ACH_CREDIT",
        },
      },
      idem(),
    );
    expect(invalid.body.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_INVALID");
    await link(api, "cid_mint", "acct-mint");
    expect((await api.post(`/stablecoins/${sc.id}/mints`, body(dest), idem())).status).toBe(201);
  });

  it("replays a mint with the same Idempotency-Key instead of minting twice", async () => {
    const api = await newPlatform();
    await link(api);
    const sc = await enabledStablecoin(api);
    const key = idem();
    const payload = {
      amount: "2000000",
      fundingSource: { type: "WIRE" },
      destination: { accountId: sc.internalAccountId },
    };
    const a = await api.post(`/stablecoins/${sc.id}/mints`, payload, key);
    const b = await api.post(`/stablecoins/${sc.id}/mints`, payload, key);
    expect(b.body.id).toBe(a.body.id);
    expect((await api.get(`/stablecoins/${sc.id}/operations`)).body.totalCount).toBe(1);
  });
});

describe("Stablecoin burns", () => {
  it("refuses Meridian internal burn sources and unknown external destinations", async () => {
    const api = await newPlatform();
    await link(api);
    const sc = await enabledStablecoin(api);
    const internal = await api.post(
      `/stablecoins/${sc.id}/burns`,
      {
        amount: "1000000",
        source: { type: "GRID_INTERNAL_ACCOUNT", accountId: sc.internalAccountId },
        destination: {
          type: "EXTERNAL_ACCOUNT",
          externalAccountId: "ExternalAccount:01900000-0000-7000-8000-000000000000",
          rail: "WIRE",
        },
      },
      idem(),
    );
    expect(internal.status).toBe(400);
    expect(internal.body.code).toBe("STABLECOIN_BURN_SOURCE_NOT_SUPPORTED");
    const missing = await api.post(
      `/stablecoins/${sc.id}/burns`,
      {
        amount: "1000000",
        source: { type: "EXTERNAL_ACCOUNT" },
        destination: {
          type: "EXTERNAL_ACCOUNT",
          externalAccountId: "ExternalAccount:01900000-0000-7000-8000-000000000000",
          rail: "WIRE",
        },
      },
      idem(),
    );
    expect(missing.status).toBe(404);
    const invalid = await api.post(
      `/stablecoins/${sc.id}/burns`,
      { amount: "12.5", source: { type: "NOPE" }, destination: {} },
      idem(),
    );
    expect(invalid.status).toBe(400);
    const fields = invalid.body.details.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "amount",
        "source.type",
        "destination.type",
        "destination.externalAccountId",
        "destination.rail",
      ]),
    );
  });
});
