import { describe, expect, it } from "vitest";
import { database, newPlatform, waitFor } from "../../support/api";
import { idem, link, register, symbol } from "./helpers";

describe("Stablecoin provider account links", () => {
  it("links credentials (ACTIVE), never returns the secret, stores it sealed, and lists and gets links", async () => {
    const api = await newPlatform();
    const res = await link(api);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ provider: "BRALE", providerEnvironment: "SANDBOX", status: "ACTIVE" });
    expect(res.body.id).toMatch(/^StablecoinProviderAccount:/);
    expect(res.body.lastVerifiedAt).toBeTruthy();
    expect(res.text).not.toContain("s3cret-value");
    const { rows } = await database().query(
      `SELECT api_client_secret_sealed FROM stablecoin_provider_accounts WHERE id = $1`,
      [res.body.id.split(":")[1]],
    );
    expect(rows[0].api_client_secret_sealed).not.toContain("s3cret-value");
    expect(rows[0].api_client_secret_sealed).toMatch(/^v1\./);

    const list = await api.get("/stablecoin-provider-accounts?status=ACTIVE");
    expect(list.body).toMatchObject({ hasMore: false, totalCount: 1 });
    expect(list.body.data[0].id).toBe(res.body.id);
    expect((await api.get(`/stablecoin-provider-accounts/${res.body.id}`)).body.id).toBe(res.body.id);
    const other = await newPlatform();
    expect((await other.get(`/stablecoin-provider-accounts/${res.body.id}`)).status).toBe(404);
  });

  it("sandbox suffixes give INVALID and REVOKED links, verification failure and provider errors", async () => {
    const api = await newPlatform();
    expect((await link(api, "cid_x_invalid")).body.status).toBe("INVALID");
    expect((await link(api, "cid_x_revoked")).body.status).toBe("REVOKED");
    const unverifiable = await link(api, "cid_x_unverifiable");
    expect(unverifiable.status).toBe(400);
    expect(unverifiable.body.code).toBe("STABLECOIN_VERIFICATION_FAILED");
    const down = await link(api, "cid_x_provider_down");
    expect(down.status).toBe(400);
    expect(down.body.code).toBe("STABLECOIN_PROVIDER_ERROR");
    const multi = await link(api, "cid_x_multi");
    expect(multi.status).toBe(400);
    expect(multi.body.details.errors[0]).toMatchObject({ field: "providerAccountId", constraint: "REQUIRED" });
    expect((await link(api, "cid_x_multi", "acct-42")).body.providerAccountId).toBe("acct-42");
    expect((await api.get("/stablecoin-provider-accounts")).body.totalCount).toBe(3);
  });

  it("requires an Idempotency-Key and validates every field", async () => {
    const api = await newPlatform();
    const noKey = await api.post("/stablecoin-provider-accounts", {
      provider: "BRALE",
      apiClientId: "a",
      apiClientSecret: "b",
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.errors[0].field).toBe("Idempotency-Key");
    const bad = await api.post("/stablecoin-provider-accounts", { provider: "OTHER" }, idem());
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "apiClientId",
      "apiClientSecret",
      "provider",
    ]);
  });
});

describe("Registering stablecoins", () => {
  it("needs a link; registers against the only active one; refuses duplicate symbols and token identifiers", async () => {
    const api = await newPlatform();
    expect((await register(api)).status).toBe(404);
    const l = await link(api);
    const sym = symbol();
    const sc = await register(api, sym);
    expect(sc.status).toBe(201);
    expect(sc.body).toMatchObject({
      symbol: sym,
      baseCurrency: "USD",
      decimals: 6,
      network: "SPARK",
      issuanceStatus: "PROVISIONED",
      gridOperationsStatus: "NOT_ENABLED",
      provider: "BRALE",
      providerEnvironment: "SANDBOX",
      stablecoinProviderAccountId: l.body.id,
      providerTokenIdentifier: sym,
    });
    const sameSymbol = await api.post(
      "/stablecoins",
      { providerTokenIdentifier: sym, networkTokenIdentifier: "btkn1other", network: "SPARK" },
      idem(),
    );
    expect(sameSymbol.status).toBe(409);
    expect(sameSymbol.body.code).toBe("STABLECOIN_SYMBOL_ALREADY_EXISTS");
    const sameToken = await api.post(
      "/stablecoins",
      { providerTokenIdentifier: symbol(), networkTokenIdentifier: sc.body.networkTokenIdentifier, network: "SPARK" },
      idem(),
    );
    expect(sameToken.status).toBe(409);
    expect(sameToken.body.code).toBe("STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS");

    const list = await api.get("/stablecoins?issuanceStatus=PROVISIONED");
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([sc.body.id]);
    expect((await api.get(`/stablecoins/${sc.body.id}`)).body.symbol).toBe(sym);
    expect((await (await newPlatform()).get(`/stablecoins/${sc.body.id}`)).status).toBe(404);
  });

  it("asks for a selection when several links are active, and refuses INVALID and REVOKED links", async () => {
    const api = await newPlatform();
    const a = await link(api);
    await link(api);
    const ambiguous = await register(api);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED");
    expect(ambiguous.body.details.stablecoinProviderAccountIds).toHaveLength(2);
    expect((await register(api, symbol(), { stablecoinProviderAccountId: a.body.id })).status).toBe(201);

    const invalid = await link(api, "cid_y_invalid");
    const r1 = await register(api, symbol(), { stablecoinProviderAccountId: invalid.body.id });
    expect(r1.status).toBe(400);
    expect(r1.body.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_INVALID");
    const revoked = await link(api, "cid_y_revoked");
    const r2 = await register(api, symbol(), { stablecoinProviderAccountId: revoked.body.id });
    expect(r2.body.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_REVOKED");

    const solo = await newPlatform();
    await link(solo, "cid_z_revoked");
    expect((await register(solo)).body.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_REVOKED");
  });

  it("reports the provider's issuance status and unknown tokens", async () => {
    const api = await newPlatform();
    await link(api);
    expect((await register(api, symbol("REVIEW"))).body.issuanceStatus).toBe("PENDING_REVIEW");
    expect((await register(api, symbol("REJECT"))).body.issuanceStatus).toBe("REJECTED");
    expect((await register(api, symbol("FAIL"))).body.issuanceStatus).toBe("FAILED");
    const missing = await register(api, symbol("MISSING"));
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("STABLECOIN_VERIFICATION_FAILED");
    const prov = await register(api, symbol("PROV"));
    expect(prov.body.issuanceStatus).toBe("PROVISIONING");
    await waitFor(async () => (await api.get(`/stablecoins/${prov.body.id}`)).body.issuanceStatus === "PROVISIONED", {
      what: "provisioning",
    });
  });

  it("rotating a link's credentials changes its status", async () => {
    const api = await newPlatform();
    const first = await link(api, "cid_rot", "acct-rot");
    expect(first.body.status).toBe("ACTIVE");
    const rotated = await link(api, "cid_rot_revoked", "acct-rot");
    expect(rotated.body).toMatchObject({ id: first.body.id, status: "REVOKED" });
    expect((await api.get("/stablecoin-provider-accounts")).body.totalCount).toBe(1);
  });
});
