// What the request log keeps of a body: secrets redacted, ids collected.
import { describe, expect, it } from "vitest";
import { objectIdsOf, redactBodyText, redactQuery, REDACTED } from "../../../../lib/api/redact";
import { newUuid, uuidFloorAt } from "../../../../lib/ids";

describe("request log redaction", () => {
  it("hides secrets, keys, signatures, one-time codes and card numbers, and keeps the rest", () => {
    const body = {
      clientId: "mcl_1",
      clientSecret: "msk_very_secret",
      password: "hunter2",
      accessToken: "eyJ...",
      tokenId: "Token:abc",
      signature: "3045...",
      privateKey: "-----BEGIN",
      publicKey: "02ab",
      cvc: "123",
      otp: "123456",
      verificationCode: "654321",
      currencyCode: "USD",
      code: "INVALID_INPUT",
      identifier: "123-45-6789",
      kycUrl: "https://x/kyc/abcdef",
      note: "card 4242 4242 4242 4242 and order 1234567890123",
      nested: [{ cardNumber: "4000056655665556", amount: 100 }],
    };
    const out = JSON.parse(redactBodyText(JSON.stringify(body)).text!);
    expect(out).toEqual({
      clientId: "mcl_1",
      clientSecret: REDACTED,
      password: REDACTED,
      accessToken: REDACTED,
      tokenId: "Token:abc",
      signature: REDACTED,
      privateKey: REDACTED,
      publicKey: "02ab",
      cvc: REDACTED,
      otp: REDACTED,
      verificationCode: REDACTED,
      currencyCode: "USD",
      code: "INVALID_INPUT",
      identifier: REDACTED,
      kycUrl: REDACTED,
      note: `card ${REDACTED} and order 1234567890123`,
      nested: [{ cardNumber: REDACTED, amount: 100 }],
    });
  });

  it("redacts in one pass what the parsed value would show: escapes, numbers and containers under secret names", () => {
    const text =
      '{"pin": 1234, "credential": {"k": [1, "a"]}, "otp": null, "password": "", ' +
      '"memo": "card 4242\\u00204242 4242 4242 \\"now\\"", "n": -1.5e3, "ok": true, "list": ["4000056655665556"]}';
    const out = redactBodyText(text).text!;
    expect(JSON.parse(out)).toEqual({
      pin: REDACTED,
      credential: REDACTED,
      otp: null,
      password: "",
      memo: `card ${REDACTED} "now"`,
      n: -1500,
      ok: true,
      list: [REDACTED],
    });
    expect(redactBodyText('{"memo": "4242424242424242"}').text).toBe(`{"memo": "${REDACTED}"}`);
    // A body without secrets is kept byte for byte.
    expect(redactBodyText('{ "a" : [1, 2] }').text).toBe('{ "a" : [1, 2] }');
  });

  it("keeps ids and timestamps whole (they are never card numbers) and still finds a card number beside them", () => {
    // 4111 1111 1111 1111 inside a UUID's last group passes the Luhn check: an id is still an id.
    const id = "Customer:01a2b3c4-0000-7000-8000-004111111111";
    const body = {
      id,
      idempotencyKey: "01a2b3c4-0000-7000-8000-004111111111",
      createdAt: "2026-11-29T01:22:00.000Z",
      memo: `card 4111 1111 1111 1111 for ${id}`,
    };
    const { text, ids } = redactBodyText(JSON.stringify(body));
    expect(JSON.parse(text!)).toEqual({ ...body, memo: `card ${REDACTED} for ${id}` });
    expect(ids).toEqual([id]);
  });

  it("stores what is not JSON as a placeholder and caps long bodies", () => {
    expect(redactBodyText("not json").text).toBe("[8 bytes, not JSON]");
    for (const bad of ['{"a": 1,}', '{"a" 1}', '["a"', '"a\\u00"', '{"a": 01}', '{"a": tru}', "[1] x", '"\\t\t"'])
      expect(redactBodyText(bad).text, bad).toBe(`[${bad.length} bytes, not JSON]`);
    expect(redactBodyText("").text).toBeNull();
    const long = redactBodyText(JSON.stringify({ text: "x".repeat(40_000) })).text!;
    expect(long.length).toBeLessThan(17_000);
    expect(long.endsWith("…[truncated]")).toBe(true);
  });

  it("redacts secret query parameters", () => {
    expect(redactQuery("?limit=2&token=abc&customerId=Customer%3A1")).toBe(
      "limit=2&token=%5BREDACTED%5D&customerId=Customer%3A1",
    );
    expect(redactQuery("")).toBeNull();
  });

  it("collects the ids a request names and returns, not those of a list page", () => {
    const c = `Customer:${newUuid()}`;
    const a = `InternalAccount:${newUuid()}`;
    const q = `Quote:${newUuid()}`;
    const listed = `Customer:${newUuid()}`;
    const ids = (body: unknown) => redactBodyText(JSON.stringify(body)).ids;
    expect(objectIdsOf([c], ids({ source: { accountId: a } }), ids({ id: q, customerId: c }))).toEqual([c, a, q]);
    expect(objectIdsOf([], [], ids({ data: [{ id: listed }], hasMore: false }))).toEqual([]);
    // Two containers deep at most, an array's first 8 items.
    const deep = `Quote:${newUuid()}`;
    expect(ids({ a: { b: { c: q, d: { e: deep } } } })).toEqual([q]);
    expect(ids({ list: [...Array(8).fill("x"), deep] })).toEqual([]);
  });

  it("turns a time into the smallest UUIDv7 of that millisecond", () => {
    const before = uuidFloorAt(Date.now() - 1);
    const id = newUuid();
    expect(before < id).toBe(true);
    expect(uuidFloorAt(Date.now() + 1000) > id).toBe(true);
  });
});
