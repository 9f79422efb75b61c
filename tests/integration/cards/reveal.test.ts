// PAN reveal: a single-use URL on the vault origin, framable only by the app.
import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, server, type ApiClient } from "../../support/api";
import { activeCard, approvePlatform, approvedCardholder, issueCard } from "./helpers";

function luhnValid(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** GET with an explicit Host header (the vault answers only on its own host). */
function get(
  url: string,
  host?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: u.port, path: u.pathname + u.search, headers: { host: host ?? u.host } },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

function pageFields(html: string) {
  const field = (name: string) => new RegExp(`data-field="${name}">([^<]*)<`).exec(html)?.[1] ?? "";
  return { pan: field("pan").replace(/\s/g, ""), cvv: field("cvv"), expiry: field("expiry") };
}

describe("POST /cards/{id}/reveal and the vault page", () => {
  let api: ApiClient;
  const port = () => new URL(server().origin).port;
  const appOrigin = () => `http://localhost:${port()}`;

  beforeAll(async () => {
    api = await newPlatform();
    await approvePlatform(api);
  });

  it("returns a short-lived vault URL; the vault page alone shows PAN, CVV and expiry, once", async () => {
    const { card } = await activeCard(api);
    const reveal = await api.post(`/cards/${card.id}/reveal`);
    expect(reveal.status).toBe(200);
    expect(Object.keys(reveal.body).sort()).toEqual(["expiresAt", "panEmbedUrl"]);
    const url = new URL(reveal.body.panEmbedUrl);
    expect(url.origin).toBe(`http://127.0.0.1:${port()}`);
    expect(url.origin).not.toBe(appOrigin());
    const ttl = Date.parse(reveal.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    expect(reveal.headers.get("cache-control")).toContain("no-store");

    const page = await get(reveal.body.panEmbedUrl);
    expect(page.status).toBe(200);
    const { pan, cvv, expiry } = pageFields(page.text);
    expect(pan).toMatch(/^4\d{15}$/);
    expect(luhnValid(pan)).toBe(true);
    expect(pan.slice(-4)).toBe(card.last4);
    expect(cvv).toMatch(/^\d{3}$/);
    expect(expiry).toBe(`${String(card.expMonth).padStart(2, "0")}/${String(card.expYear).slice(-2)}`);

    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain(`frame-ancestors ${appOrigin()}`);
    expect(csp).not.toMatch(/frame-ancestors[^;]*\*/);
    expect(page.headers["x-frame-options"]).toBeUndefined();
    expect(String(page.headers["cache-control"])).toContain("no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");

    const reused = await get(reveal.body.panEmbedUrl);
    expect(reused.status).toBe(404);
    expect(reused.text).not.toContain(pan.slice(0, 4) + " " + pan.slice(4, 8));
    expect(String(reused.headers["content-security-policy"])).toContain("frame-ancestors");

    // No API response carries the card number or the CVV.
    const responses = [
      await api.get(`/cards/${card.id}`),
      await api.get(`/cards`),
      await api.patch(`/cards/${card.id}`, { status: "FROZEN" }),
      await api.post(`/cards/${card.id}/reveal`),
    ];
    for (const r of responses) {
      expect(r.text).not.toContain(pan);
      expect(r.text).not.toMatch(new RegExp(`"cvv"|"pan"`));
    }
    const { rows } = await database().query(`SELECT secrets_sealed FROM cards WHERE id = $1`, [card.id.split(":")[1]]);
    expect(rows[0].secrets_sealed).not.toContain(pan);
  });

  it("MASTERCARD numbers are Luhn-valid in the brand's ranges", async () => {
    const holder = await approvedCardholder(api);
    const card = await issueCard(api, holder, { brand: "MASTERCARD" });
    const reveal = await api.post(`/cards/${card.id}/reveal`);
    const { pan } = pageFields((await get(reveal.body.panEmbedUrl)).text);
    expect(pan).toMatch(/^(5[1-5]\d{14}|2221\d{12}|2720\d{12})$/);
    expect(luhnValid(pan)).toBe(true);
  });

  it("a token cannot open another card, is refused on the app origin, and is stored only as a hash", async () => {
    const { card: a } = await activeCard(api);
    const { card: b } = await activeCard(api);
    const reveal = await api.post(`/cards/${a.id}/reveal`);
    const url = new URL(reveal.body.panEmbedUrl);
    const token = url.pathname.split("/").pop()!;
    const forB = url.toString().replace(a.id.split(":")[1], b.id.split(":")[1]);
    expect((await get(forB)).status).toBe(404);
    const onAppOrigin = await get(reveal.body.panEmbedUrl, `localhost:${port()}`);
    expect(onAppOrigin.status).toBe(404);
    expect(onAppOrigin.text).not.toContain('data-field="pan"');
    expect((await get(`${url.origin}/vault/cards/${a.id.split(":")[1]}/${"x".repeat(43)}`)).status).toBe(404);

    const { rows } = await database().query(`SELECT token_hash, used_at FROM card_reveal_tokens WHERE card_id = $1`, [
      a.id.split(":")[1],
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].used_at).toBeNull();
    // Still good for its own card, exactly once, even when loaded concurrently.
    const loads = await Promise.all([
      get(reveal.body.panEmbedUrl),
      get(reveal.body.panEmbedUrl),
      get(reveal.body.panEmbedUrl),
    ]);
    expect(loads.map((l) => l.status).sort()).toEqual([200, 404, 404]);
  });

  it("an unused URL expires after its TTL (sandbox clock), and a new reveal works again", async () => {
    const { card } = await activeCard(api);
    const reveal = await api.post(`/cards/${card.id}/reveal`);
    expect(reveal.status).toBe(200);
    const ttlSeconds = (Date.parse(reveal.body.expiresAt) - Date.now()) / 1000;
    expect(ttlSeconds).toBeGreaterThan(60);
    expect(ttlSeconds).toBeLessThanOrEqual(300);
    // Just inside the TTL the link still works: check on a second link, since the first load consumes it.
    const early = await api.post(`/cards/${card.id}/reveal`);
    expect((await api.post("/sandbox/clock/advance", { seconds: 240 })).status).toBe(200);
    expect((await get(early.body.panEmbedUrl)).status).toBe(200);
    expect((await api.post("/sandbox/clock/advance", { seconds: 61 })).status).toBe(200);
    const expired = await get(reveal.body.panEmbedUrl);
    expect(expired.status).toBe(404);
    expect(expired.text).not.toMatch(/data-field="pan"/);
    const fresh = await api.post(`/cards/${card.id}/reveal`);
    expect((await get(fresh.body.panEmbedUrl)).status).toBe(200);
  });

  it("a closed card cannot be revealed, and an earlier URL stops working", async () => {
    const { card } = await activeCard(api);
    const reveal = await api.post(`/cards/${card.id}/reveal`);
    expect((await api.patch(`/cards/${card.id}`, { status: "CLOSED" })).status).toBe(200);
    expect((await get(reveal.body.panEmbedUrl)).status).toBe(404);
    const again = await api.post(`/cards/${card.id}/reveal`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CARD_NOT_MUTABLE");
  });
});
