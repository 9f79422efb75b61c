import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { database, newPlatform, server } from "../../support/api";
import { ADDRESS, business, documentForm, setMode } from "./helpers";

async function hosted(kycUrl: string, path = "", init?: RequestInit) {
  const token = new URL(kycUrl).pathname.split("/").pop()!;
  const res = await fetch(`${server().origin}/api/kyc/${token}${path}`, init);
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any, headers: res.headers };
}
const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("Hosted KYC/KYB link", () => {
  it("an individual completes details and a document on the hosted page and submits", async () => {
    const api = await newPlatform();
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Hosted Person" });
    const link = await api.post(`/customers/${c.body.id}/kyc-link`, { redirectUri: "https://platform.example/done" });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({
      kycUrl: expect.stringMatching(/\/kyc\/[A-Za-z0-9_-]{40,}$/),
      provider: "SUMSUB",
      expiresAt: expect.any(String),
    });
    const token = new URL(link.body.kycUrl).pathname.split("/").pop()!;
    const { rows } = await database().query(`SELECT token_hash FROM kyc_links WHERE customer_id = $1`, [
      c.body.id.split(":")[1],
    ]);
    expect(rows[0].token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);

    const page = await fetch(`${server().origin}/kyc/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("no-referrer");

    const state = await hosted(link.body.kycUrl);
    expect(state.status).toBe(200);
    expect(state.headers.get("cache-control")).toContain("no-store");
    expect(state.body).toMatchObject({ customerType: "INDIVIDUAL", status: "UNVERIFIED", completed: false });
    expect(state.body.requirements.map((r: { type: string }) => r.type)).toContain("MISSING_IDENTITY_DOCUMENT");

    const bad = await hosted(link.body.kycUrl, "/details", json({ birthDate: "1990-02-30", email: "x@example.com" }));
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["birthDate"]);
    const saved = await hosted(
      link.body.kycUrl,
      "/details",
      json({
        birthDate: "1990-02-03",
        nationality: "US",
        idType: "SSN",
        identifier: "123-45-6789",
        address: ADDRESS,
        email: "ignored@example.com",
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.requirements.map((r: { type: string }) => r.type)).toEqual(["MISSING_IDENTITY_DOCUMENT"]);
    expect(saved.body.details.identifier).toBeUndefined();
    expect((await api.get(`/customers/${c.body.id}`)).body.email).toBeUndefined();

    const form = documentForm({ documentHolder: c.body.id, documentType: "PASSPORT", country: "US" });
    const up = await hosted(link.body.kycUrl, "/documents", { method: "POST", body: form });
    expect(up.status).toBe(200);
    expect(up.body.requirements).toEqual([]);
    expect(up.body.documents).toHaveLength(1);

    const done = await hosted(link.body.kycUrl, "/submit", { method: "POST" });
    expect(done.status).toBe(200);
    expect(done.body.verification.verificationStatus).toBe("APPROVED");
    expect(done.body.state).toMatchObject({ completed: true, redirectUri: "https://platform.example/done" });
    expect((await api.get(`/customers/${c.body.id}`)).body.kycStatus).toBe("APPROVED");
    expect((await hosted(link.body.kycUrl, "/submit", { method: "POST" })).status).toBe(409);
    expect((await api.post(`/customers/${c.body.id}/kyc-link`, {})).status).toBe(400);
  });

  it("a 003 business adds owners and documents through the link; auto-approved suffixes ask for nothing when validation is skipped", async () => {
    const api = await newPlatform();
    const b = await api.post("/customers", business("REG-003"));
    const link = await api.post(`/customers/${b.body.id}/kyc-link`, {});
    let state = await hosted(link.body.kycUrl);
    expect(state.body.requirements.map((r: { type: string }) => r.type).sort()).toEqual([
      "MISSING_BENEFICIAL_OWNER",
      "MISSING_LEGAL_PRESENCE_DOCUMENT",
    ]);
    const owner = await hosted(
      link.body.kycUrl,
      "/owners",
      json({
        roles: ["UBO"],
        ownershipPercentage: 100,
        personalInfo: {
          firstName: "Hana",
          lastName: "Hosted",
          birthDate: "1970-01-01",
          nationality: "US",
          address: ADDRESS,
          idType: "SSN",
          identifier: "111-22-3333",
        },
      }),
    );
    expect(owner.status).toBe(200);
    expect(owner.body.owners).toHaveLength(1);
    const ownerId = owner.body.owners[0].id;
    await hosted(link.body.kycUrl, "/documents", {
      method: "POST",
      body: documentForm({ documentHolder: b.body.id, documentType: "CERTIFICATE_OF_INCORPORATION", country: "US" }),
    });
    state = await hosted(link.body.kycUrl, "/documents", {
      method: "POST",
      body: documentForm({ documentHolder: ownerId, documentType: "PASSPORT", country: "US" }),
    });
    expect(state.body.requirements).toEqual([]);
    const other = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Not Mine" });
    const foreign = await hosted(link.body.kycUrl, "/documents", {
      method: "POST",
      body: documentForm({ documentHolder: other.body.id, documentType: "PASSPORT", country: "US" }),
    });
    expect(foreign.status).toBe(404);
    expect((await hosted(link.body.kycUrl, "/submit", { method: "POST" })).body.verification.verificationStatus).toBe(
      "APPROVED",
    );

    const skip = await newPlatform();
    await setMode(skip, { skipVerificationPaperwork: true });
    const auto = await skip.post("/customers", business("REG-321"));
    const autoLink = await skip.post(`/customers/${auto.body.id}/kyc-link`, {});
    expect((await hosted(autoLink.body.kycUrl)).body.requirements).toEqual([]);
    expect(
      (await hosted(autoLink.body.kycUrl, "/submit", { method: "POST" })).body.verification.verificationStatus,
    ).toBe("APPROVED");
  });

  it("unknown, expired and foreign links are refused; kyc-link validates redirectUri and is tenant-scoped", async () => {
    const api = await newPlatform();
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Link Rules" });
    expect((await hosted("https://x/kyc/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await hosted("https://x/kyc/short")).status).toBe(404);
    const link = await api.post(`/customers/${c.body.id}/kyc-link`, {});
    await database().query(`UPDATE kyc_links SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [
      c.body.id.split(":")[1],
    ]);
    expect((await hosted(link.body.kycUrl)).status).toBe(404);
    const bad = await api.post(`/customers/${c.body.id}/kyc-link`, { redirectUri: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("redirectUri");
    const other = await newPlatform();
    expect((await other.post(`/customers/${c.body.id}/kyc-link`, {})).status).toBe(404);
  });

  it("an Idempotency-Key replays the link it made (only its hash is stored); a deleted customer has none", async () => {
    const api = await newPlatform();
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Link Replay" });
    const key = { "Idempotency-Key": `link-${c.body.id}` };
    const [first, again] = [
      await api.post(`/customers/${c.body.id}/kyc-link`, { redirectUri: "https://example.com/done" }, { headers: key }),
      await api.post(`/customers/${c.body.id}/kyc-link`, { redirectUri: "https://example.com/done" }, { headers: key }),
    ];
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await hosted(first.body.kycUrl)).status).toBe(200);
    const { rows } = await database().query(`SELECT redirect_uri FROM kyc_links WHERE customer_id = $1`, [
      c.body.id.split(":")[1],
    ]);
    expect(rows).toEqual([{ redirect_uri: "https://example.com/done" }]);
    const fresh = await api.post(`/customers/${c.body.id}/kyc-link`, {});
    expect(fresh.body.kycUrl).not.toBe(first.body.kycUrl);
    expect((await api.delete(`/customers/${c.body.id}`)).status).toBe(200);
    expect((await api.post(`/customers/${c.body.id}/kyc-link`, {})).status).toBe(404);
  });
});
