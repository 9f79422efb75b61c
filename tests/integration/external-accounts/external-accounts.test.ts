import { beforeAll, describe, expect, it } from "vitest";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bech32m } from "@scure/base";
import { database, newPlatform, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { ADDRESS, newCustomer, usdAccountInfo } from "../../support/money";
import { base58, evmAddressOf, tronAddressOf } from "../../../lib/domain/external-accounts/wallet-signature";

function prefixedSign(prefix: string, secretKey: Uint8Array, message: string): string {
  const bytes = new TextEncoder().encode(message);
  const h = keccak_256(new Uint8Array([...new TextEncoder().encode(`${prefix}${bytes.length}`), ...bytes]));
  const sig = secp256k1.sign(h, secretKey, { prehash: false, format: "recovered" });
  return `0x${Buffer.from(sig.slice(1)).toString("hex")}${(sig[0] + 27).toString(16)}`;
}
const tronSign = (secretKey: Uint8Array, message: string) =>
  prefixedSign("\x19TRON Signed Message:\n", secretKey, message);

const eip191Sign = (secretKey: Uint8Array, message: string) =>
  prefixedSign("\x19Ethereum Signed Message:\n", secretKey, message);

/** A Spark address as the Spark SDK encodes it: bech32m(prefix, protobuf field 1 = identity key). */
const sparkAddress = (publicKey: Uint8Array, prefix = "spark") =>
  bech32m.encode(prefix, bech32m.toWords(Uint8Array.from([0x0a, 33, ...publicKey])), 1023);
/** The Spark SDK's signMessageWithIdentityKey: ECDSA secp256k1 over SHA-256 of the message, DER or compact, hex. */
const sparkSign = (secretKey: Uint8Array, message: string, format: "der" | "compact" = "der") =>
  Buffer.from(
    secp256k1.sign(sha256(new TextEncoder().encode(message)), secretKey, { prehash: false, format }),
  ).toString("hex");

describe("external accounts", () => {
  let api: ApiClient;
  let customerId: string;
  beforeAll(async () => {
    api = await newPlatform();
    customerId = (await newCustomer(api)).id;
  });

  it("creates a USD account (201) with MATCHED name verification, lists, gets and deletes it (204)", async () => {
    const created = await api.post("/customers/external-accounts", {
      customerId,
      currency: "USD",
      platformAccountId: "ext-1",
      ownershipType: "FIRST_PARTY",
      accountInfo: usdAccountInfo("1234567890"),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      customerId,
      status: "ACTIVE",
      currency: "USD",
      platformAccountId: "ext-1",
      ownershipType: "FIRST_PARTY",
      defaultUmaDepositAccount: false,
      beneficiaryVerificationStatus: "MATCHED",
      beneficiaryVerifiedData: { fullName: "Ada Lovelace" },
      accountInfo: { accountType: "USD_ACCOUNT", accountNumber: "1234567890" },
    });
    expect(created.body.id).toMatch(/^ExternalAccount:[0-9a-f-]{36}$/);
    const list = await api.get(`/customers/external-accounts?customerId=${customerId}`);
    expect(list.body.data.map((a: { id: string }) => a.id)).toContain(created.body.id);
    expect((await api.get(`/customers/external-accounts/${created.body.id}`)).body.id).toBe(created.body.id);
    expect((await api.delete(`/customers/external-accounts/${created.body.id}`)).status).toBe(204);
    expect((await api.get(`/customers/external-accounts/${created.body.id}`)).status).toBe(404);
  });

  it("takes platformAccountId inside accountInfo too (where the reference's examples put it), stored once", async () => {
    const nested = await api.post("/customers/external-accounts", {
      customerId,
      currency: "USD",
      accountInfo: { ...usdAccountInfo("7770001111"), platformAccountId: "ext-nested" },
    });
    expect(nested.status, nested.text).toBe(201);
    expect(nested.body.platformAccountId).toBe("ext-nested");
    expect(nested.body.accountInfo).not.toHaveProperty("platformAccountId");
    const both = await api.post("/customers/external-accounts", {
      customerId,
      currency: "USD",
      platformAccountId: "ext-top",
      accountInfo: { ...usdAccountInfo("7770002222"), platformAccountId: "ext-other" },
    });
    expect(both.status).toBe(400);
    expect(both.body.details.errors[0].field).toBe("accountInfo.platformAccountId");
  });

  it("409 DUPLICATE_EXTERNAL_ACCOUNT for an equivalent live account", async () => {
    const first = await api.post("/customers/external-accounts", {
      customerId,
      currency: "USD",
      accountInfo: usdAccountInfo("55501234"),
    });
    expect(first.status).toBe(201);
    const dup = await api.post("/customers/external-accounts", {
      customerId,
      currency: "USD",
      accountInfo: usdAccountInfo(" 55501234 ", "Someone Else"),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("DUPLICATE_EXTERNAL_ACCOUNT");
  });

  it("400 INVALID_INPUT lists every invalid field at once and writes nothing", async () => {
    const before = await database().query(`SELECT count(*)::int AS n FROM external_accounts WHERE platform_id = $1`, [
      api.platformId,
    ]);
    const res = await api.post("/customers/external-accounts", {
      customerId,
      currency: "USD",
      platformAccountId: "p".repeat(256),
      ownershipType: "SOMEONE",
      accountInfo: {
        accountType: "USD_ACCOUNT",
        routingNumber: "abc",
        beneficiary: { beneficiaryType: "INDIVIDUAL", address: { line1: "x" } },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    const fields = res.body.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(
      [
        "accountInfo.accountNumber",
        "accountInfo.beneficiary.address.country",
        "accountInfo.beneficiary.address.postalCode",
        "accountInfo.beneficiary.fullName",
        "accountInfo.routingNumber",
        "ownershipType",
        "platformAccountId",
      ].sort(),
    );
    const after = await database().query(`SELECT count(*)::int AS n FROM external_accounts WHERE platform_id = $1`, [
      api.platformId,
    ]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it("accepts a sample of every family of variants, with business beneficiaries", async () => {
    const business = { beneficiaryType: "BUSINESS", legalName: "Acme Ltd" };
    const individual = (extra = {}) => ({
      beneficiaryType: "INDIVIDUAL",
      fullName: "Kim Lee",
      address: ADDRESS,
      ...extra,
    });
    const samples: [string, Record<string, unknown>][] = [
      ["AED", { accountType: "AED_ACCOUNT", iban: "AE070331234567890123456", beneficiary: individual() }],
      ["MXN", { accountType: "MXN_ACCOUNT", clabeNumber: "123456789012345678", beneficiary: business }],
      [
        "BRL",
        {
          accountType: "BRL_ACCOUNT",
          pixKey: "kim@example.com",
          pixKeyType: "EMAIL",
          taxId: "12345678901",
          beneficiary: individual(),
        },
      ],
      [
        "KES",
        { accountType: "KES_ACCOUNT", phoneNumber: "+254712345678", provider: "M-Pesa", beneficiary: individual() },
      ],
      [
        "XOF",
        {
          accountType: "XOF_ACCOUNT",
          phoneNumber: "+221771234567",
          provider: "Orange",
          region: "SN",
          beneficiary: business,
        },
      ],
      ["GBP", { accountType: "GBP_ACCOUNT", sortCode: "123456", accountNumber: "12345678", beneficiary: individual() }],
      [
        "EUR",
        {
          accountType: "EUR_ACCOUNT",
          iban: "DE89370400440532013000",
          beneficiary: individual({ countryOfResidence: "DE" }),
        },
      ],
      ["ILS", { accountType: "ILS_ACCOUNT", iban: "IL620108000000099999999", beneficiary: business }],
      ["TRY", { accountType: "TRY_ACCOUNT", iban: "TR330006100519786457841326", beneficiary: business }],
      [
        "EUR",
        {
          accountType: "SWIFT_ACCOUNT",
          country: "FR",
          swiftCode: "BNPAFRPP",
          bankName: "BNP",
          iban: "FR7630006000011234567890189",
        },
      ],
      ["USDC", { accountType: "SPARK_WALLET", address: "sp1qexample0001" }],
      ["USDC", { accountType: "ARBITRUM_WALLET", address: "0x1111111111111111111111111111111111111111" }],
      ["BTC", { accountType: "LIGHTNING", lightningAddress: "kim@wallet.example" }],
    ];
    for (const [currency, accountInfo] of samples) {
      const res = await api.post("/customers/external-accounts", { customerId, currency, accountInfo });
      expect(res.status, `${accountInfo.accountType}: ${res.text}`).toBe(201);
    }
    const mismatch = await api.post("/customers/external-accounts", {
      customerId,
      currency: "EUR",
      accountInfo: usdAccountInfo("99988877"),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details.errors).toEqual([expect.objectContaining({ field: "currency" })]);
  });

  it("beneficiary name verification follows the 1xx suffix table; 105 is 400 INVALID_BANK_ACCOUNT", async () => {
    const expected: Record<string, string> = {
      "102": "NOT_MATCHED",
      "103": "PARTIAL_MATCH",
      "104": "PENDING",
      "106": "UNSUPPORTED",
      "107": "CHECKED_BY_RECEIVING_FI",
      "101": "MATCHED",
    };
    for (const [suffix, status] of Object.entries(expected)) {
      const res = await api.post("/customers/external-accounts", {
        customerId,
        currency: "USD",
        accountInfo: usdAccountInfo(`7000${suffix}`),
      });
      expect(res.status).toBe(201);
      expect(res.body.beneficiaryVerificationStatus).toBe(status);
      expect(res.body.status).toBe(status === "PENDING" ? "PENDING" : "ACTIVE");
    }
    const invalid = await api.post("/customers/external-accounts", {
      customerId,
      currency: "USD",
      accountInfo: usdAccountInfo("7000105"),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("INVALID_BANK_ACCOUNT");
  });

  it("a PENDING (104) bank account is validated by a durable job: ACTIVE with EXTERNAL_ACCOUNT.STATUS_UPDATED", async () => {
    const hooks = await new WebhookReceiver().start();
    const p = await newPlatform();
    await p.patch("/config", { webhookEndpoint: hooks.url });
    const c = await newCustomer(p);
    const res = await p.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USD",
      accountInfo: usdAccountInfo("8800104"),
    });
    expect(res.body.status).toBe("PENDING");
    const hook = await hooks.waitForType("EXTERNAL_ACCOUNT.STATUS_UPDATED");
    expect(hook.body.data).toMatchObject({
      id: res.body.id,
      status: "ACTIVE",
      beneficiaryVerificationStatus: "MATCHED",
    });
    expect((await p.get(`/customers/external-accounts/${res.body.id}`)).body.status).toBe("ACTIVE");
    await hooks.stop();
  });

  it("one default UMA deposit account per customer: a new default replaces the old; the DB refuses two", async () => {
    const c = await newCustomer(api);
    const a = await api.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USD",
      defaultUmaDepositAccount: true,
      accountInfo: usdAccountInfo("3100001"),
    });
    const b = await api.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USD",
      defaultUmaDepositAccount: true,
      accountInfo: usdAccountInfo("3100002"),
    });
    expect(a.body.defaultUmaDepositAccount).toBe(true);
    expect(b.body.defaultUmaDepositAccount).toBe(true);
    expect((await api.get(`/customers/external-accounts/${a.body.id}`)).body.defaultUmaDepositAccount).toBe(false);
    await expect(
      database().query(`UPDATE external_accounts SET default_uma_deposit_account = true WHERE id = $1`, [
        a.body.id.split(":")[1],
      ]),
    ).rejects.toMatchObject({ code: "23505" });
  });

  it("DELETE of a trusted beneficiary is 409 BENEFICIARY_TRUSTED", async () => {
    const res = await api.post("/customers/external-accounts", {
      customerId,
      currency: "USD",
      accountInfo: usdAccountInfo("4400001"),
    });
    // Trust is set by the SCA trust flow (another group); the flag is what DELETE reads.
    await database().query(`UPDATE external_accounts SET trusted = true WHERE id = $1`, [res.body.id.split(":")[1]]);
    const del = await api.delete(`/customers/external-accounts/${res.body.id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe("BENEFICIARY_TRUSTED");
  });

  it("platform external accounts: create/list/get/delete, scoped to the platform and tenant", async () => {
    const res = await api.post("/platform/external-accounts", {
      currency: "USD",
      platformAccountId: "treasury",
      accountInfo: usdAccountInfo("6600001"),
    });
    expect(res.status).toBe(201);
    expect(res.body.customerId).toBeUndefined();
    const list = await api.get("/platform/external-accounts");
    expect(list.body.data.map((a: { id: string }) => a.id)).toEqual([res.body.id]);
    const other = await newPlatform();
    expect((await other.get(`/platform/external-accounts/${res.body.id}`)).status).toBe(404);
    expect((await other.delete(`/customers/external-accounts/${res.body.id}`)).status).toBe(404);
    expect((await api.delete(`/platform/external-accounts/${res.body.id}`)).status).toBe(204);
  });

  it("wallet ownership on a regulated platform: PENDING_OWNERSHIP_VERIFICATION → failed → UNVERIFIED → new challenge → ACTIVE", async () => {
    const p = await newPlatform();
    await p.patch("/config", { isRegulatedFinancialInstitution: true });
    const c = await newCustomer(p);
    const { secretKey } = secp256k1.keygen();
    const address = evmAddressOf(secp256k1.getPublicKey(secretKey, false));
    const missing = await p.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USDC",
      accountInfo: { accountType: "BASE_WALLET", address },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors[0].field).toBe("ownershipType");
    const created = await p.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USDC",
      ownershipType: "FIRST_PARTY",
      accountInfo: { accountType: "BASE_WALLET", address },
    });
    expect(created.body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    const base = `/customers/external-accounts/${created.body.id}`;

    const ch1 = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
    expect(ch1.status).toBe(201);
    const other = secp256k1.keygen().secretKey;
    const bad = await p.post(`${base}/verify`, { signature: eip191Sign(other, ch1.body.messageToSign) });
    expect(bad.status).toBe(400);
    expect((await p.get(base)).body.status).toBe("UNVERIFIED");
    // The challenge was single-use.
    expect((await p.post(`${base}/verify`, { signature: eip191Sign(secretKey, ch1.body.messageToSign) })).status).toBe(
      409,
    );

    const ch2 = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
    const good = await p.post(`${base}/verify`, { signature: eip191Sign(secretKey, ch2.body.messageToSign) });
    expect(good.status).toBe(200);
    expect(good.body.status).toBe("ACTIVE");
    expect((await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" })).status).toBe(409);
  });

  it("Solana wallets verify with Ed25519 signatures", async () => {
    const p = await newPlatform();
    await p.patch("/config", { isRegulatedFinancialInstitution: true });
    const c = await newCustomer(p);
    const { secretKey, publicKey } = ed25519.keygen();
    const created = await p.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USDC",
      ownershipType: "FIRST_PARTY",
      accountInfo: { accountType: "SOLANA_WALLET", address: base58.encode(publicKey) },
    });
    const ch = await p.post(`/customers/external-accounts/${created.body.id}/challenge`, {
      method: "WALLET_SIGNATURE",
    });
    const sig = base58.encode(ed25519.sign(new TextEncoder().encode(ch.body.messageToSign), secretKey));
    const ok = await p.post(`/customers/external-accounts/${created.body.id}/verify`, { signature: sig });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("ACTIVE");
  });

  it("Tron wallets verify with TRON-prefixed secp256k1 signatures recovered to the base58check T-address", async () => {
    const p = await newPlatform();
    await p.patch("/config", { isRegulatedFinancialInstitution: true });
    const c = await newCustomer(p);
    const { secretKey } = secp256k1.keygen();
    const address = tronAddressOf(secp256k1.getPublicKey(secretKey, true));
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const created = await p.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USDT",
      ownershipType: "FIRST_PARTY",
      accountInfo: { accountType: "TRON_WALLET", address },
    });
    expect(created.body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    const base = `/customers/external-accounts/${created.body.id}`;

    // Another key's signature: its recovered address is not this account's.
    const ch1 = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
    expect(ch1.status).toBe(201);
    const wrongKey = await p.post(`${base}/verify`, {
      signature: tronSign(secp256k1.keygen().secretKey, ch1.body.messageToSign),
    });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.code).toBe("INVALID_INPUT");
    expect(wrongKey.body.details.errors[0].field).toBe("signature");
    expect((await p.get(base)).body.status).toBe("UNVERIFIED");

    // The right key under the Ethereum prefix signs a different digest, so it is no Tron proof.
    const ch2 = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
    const wrongPrefix = await p.post(`${base}/verify`, { signature: eip191Sign(secretKey, ch2.body.messageToSign) });
    expect(wrongPrefix.status).toBe(400);
    expect(wrongPrefix.body.code).toBe("INVALID_INPUT");

    const ch3 = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
    const ok = await p.post(`${base}/verify`, { signature: tronSign(secretKey, ch3.body.messageToSign) });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("ACTIVE");
  });

  it("a Tron signature does not prove an account registered under another T-address", async () => {
    const p = await newPlatform();
    await p.patch("/config", { isRegulatedFinancialInstitution: true });
    const c = await newCustomer(p);
    const signer = secp256k1.keygen().secretKey;
    const elsewhere = tronAddressOf(secp256k1.getPublicKey(secp256k1.keygen().secretKey, true));
    const created = await p.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USDT",
      ownershipType: "FIRST_PARTY",
      accountInfo: { accountType: "TRON_WALLET", address: elsewhere },
    });
    const base = `/customers/external-accounts/${created.body.id}`;
    const challenge = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
    expect(challenge.status).toBe(201);
    const res = await p.post(`${base}/verify`, { signature: tronSign(signer, challenge.body.messageToSign) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    expect((await p.get(base)).body.status).toBe("UNVERIFIED");
  });

  it("Spark wallets verify with the identity key their address carries (DER or compact signatures, current and legacy prefixes)", async () => {
    const p = await newPlatform();
    await p.patch("/config", { isRegulatedFinancialInstitution: true });
    const c = await newCustomer(p);
    const { secretKey } = secp256k1.keygen();
    const publicKey = secp256k1.getPublicKey(secretKey, true);
    for (const [prefix, format] of [
      ["spark", "der"],
      ["sp", "compact"],
    ] as const) {
      const created = await p.post("/customers/external-accounts", {
        customerId: c.id,
        currency: "USDC",
        ownershipType: "FIRST_PARTY",
        accountInfo: { accountType: "SPARK_WALLET", address: sparkAddress(publicKey, prefix) },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
      const base = `/customers/external-accounts/${created.body.id}`;

      // Another identity key, or the right key over another message, proves nothing.
      const ch1 = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
      expect(ch1.status).toBe(201);
      const wrongKey = await p.post(`${base}/verify`, {
        signature: sparkSign(secp256k1.keygen().secretKey, ch1.body.messageToSign, format),
      });
      expect(wrongKey.status).toBe(400);
      expect(wrongKey.body.details.errors[0].field).toBe("signature");
      expect((await p.get(base)).body.status).toBe("UNVERIFIED");
      const ch2 = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
      const wrongMessage = await p.post(`${base}/verify`, {
        signature: sparkSign(secretKey, `${ch2.body.messageToSign}.`, format),
      });
      expect(wrongMessage.status).toBe(400);

      const ch3 = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
      const ok = await p.post(`${base}/verify`, { signature: sparkSign(secretKey, ch3.body.messageToSign, format) });
      expect(ok.status, `${prefix}/${format}: ${ok.text}`).toBe(200);
      expect(ok.body.status).toBe("ACTIVE");
    }
  });

  it("a Spark string that is not a bech32m address with an identity key cannot be proven by signature", async () => {
    const p = await newPlatform();
    await p.patch("/config", { isRegulatedFinancialInstitution: true });
    const c = await newCustomer(p);
    const { secretKey } = secp256k1.keygen();
    const created = await p.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "USDC",
      ownershipType: "FIRST_PARTY",
      accountInfo: {
        accountType: "SPARK_WALLET",
        address: "sp1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu",
      },
    });
    const base = `/customers/external-accounts/${created.body.id}`;
    const ch = await p.post(`${base}/challenge`, { method: "WALLET_SIGNATURE" });
    expect(ch.status).toBe(201);
    const res = await p.post(`${base}/verify`, { signature: sparkSign(secretKey, ch.body.messageToSign) });
    expect(res.status).toBe(400);
    expect((await p.get(base)).body.status).toBe("UNVERIFIED");
  });

  it("account types without a signature verifier are refused at the challenge (400 INVALID_INPUT on method)", async () => {
    const p = await newPlatform();
    await p.patch("/config", { isRegulatedFinancialInstitution: true });
    const c = await newCustomer(p);
    const created = await p.post("/customers/external-accounts", {
      customerId: c.id,
      currency: "BTC",
      accountInfo: { accountType: "LIGHTNING", lightningAddress: "kim@wallet.example" },
    });
    expect(created.status, created.text).toBe(201);
    const ch = await p.post(`/customers/external-accounts/${created.body.id}/challenge`, {
      method: "WALLET_SIGNATURE",
    });
    expect(ch.status).toBe(400);
    expect(ch.body.code).toBe("INVALID_INPUT");
    expect(ch.body.details.errors[0].field).toBe("method");
  });

  it("platform internal accounts exist for the platform (created on first use)", async () => {
    const res = await api.get("/platform/internal-accounts");
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { balance: { currency: { code: string } } }) => a.balance.currency.code)).toContain(
      "USD",
    );
    expect(res.body.data.every((a: { customerId?: string }) => a.customerId === undefined)).toBe(true);
    const again = await api.get("/platform/internal-accounts");
    expect(again.body.data.map((a: { id: string }) => a.id)).toEqual(res.body.data.map((a: { id: string }) => a.id));
    expect(res.body.data[0].fundingPaymentInstructions.length).toBeGreaterThan(0);
  });
});
