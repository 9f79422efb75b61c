// Every row of the spec's individual KYC sandbox table, in each platform mode.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { completeIndividual, setMode, uploadDocument } from "./helpers";

async function verify(api: ApiClient, customerId: string) {
  return api.post("/verifications", { customerId });
}

async function completePacket(api: ApiClient, fullName: string) {
  const c = await api.post("/customers", completeIndividual(fullName));
  expect(c.status).toBe(201);
  const doc = await uploadDocument(api, c.body.id);
  return { customer: c.body, doc };
}

describe("Individual KYC on an unregulated platform (default)", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();
  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await api.patch("/config", { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("every customer starts UNVERIFIED whatever its suffix", async () => {
    for (const name of ["Amy 001", "Amy 002", "Amy 003", "Amy Smith"]) {
      expect((await api.post("/customers", { customerType: "INDIVIDUAL", fullName: name })).body.kycStatus).toBe(
        "UNVERIFIED",
      );
    }
  });

  it("an incomplete packet gives RESOLVE_ERRORS with one entry per problem, whatever the suffix", async () => {
    const c = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Ivy Incomplete 002",
      nationality: "US",
    });
    const res = await verify(api, c.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customerId: c.body.id,
      verificationStatus: "RESOLVE_ERRORS",
      id: expect.stringMatching(/^Verification:/),
    });
    const missing = res.body.errors
      .filter((e: { type: string }) => e.type === "MISSING_FIELD")
      .map((e: { field: string }) => e.field)
      .sort();
    expect(missing).toEqual([
      "address.country",
      "address.line1",
      "address.postalCode",
      "birthDate",
      "idType",
      "identifier",
    ]);
    for (const e of res.body.errors) expect(e).toMatchObject({ resourceId: c.body.id, reason: expect.any(String) });
    const docErr = res.body.errors.find((e: { type: string }) => e.type === "MISSING_IDENTITY_DOCUMENT");
    expect(docErr.acceptedDocumentTypes).toEqual(["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"]);
    expect(res.body.errors).toHaveLength(7);
    expect((await api.get(`/customers/${c.body.id}`)).body.kycStatus).toBe("UNVERIFIED");
    const hook = await hooks.waitForType("VERIFICATION.RESOLVE_ERRORS", {
      where: (w) => w.body.data.id === res.body.id,
    });
    expect(hook.body.data.errors).toHaveLength(7);
  });

  it("complete data without the document gives only MISSING_IDENTITY_DOCUMENT", async () => {
    const c = await api.post("/customers", completeIndividual("Nodoc Person"));
    const res = await verify(api, c.body.id);
    expect(res.body.errors.map((e: { type: string }) => e.type)).toEqual(["MISSING_IDENTITY_DOCUMENT"]);
  });

  it("suffix 001 with a complete packet: PENDING_MANUAL_REVIEW and kycStatus PENDING", async () => {
    const { customer } = await completePacket(api, "Pam Pending 001");
    const res = await verify(api, customer.id);
    expect(res.body).toMatchObject({ verificationStatus: "PENDING_MANUAL_REVIEW", errors: [] });
    expect((await api.get(`/customers/${customer.id}`)).body.kycStatus).toBe("PENDING");
    await hooks.waitForType("CUSTOMER.KYC_PENDING", { where: (w) => w.body.data.id === customer.id });
    await hooks.waitForType("VERIFICATION.PENDING_MANUAL_REVIEW", {
      where: (w) => w.body.data.customerId === customer.id,
    });
  });

  it("suffix 002 with a complete packet: REJECTED, and 400 once resolved", async () => {
    const { customer } = await completePacket(api, "Rex Rejected 002");
    const res = await verify(api, customer.id);
    expect(res.body).toMatchObject({ verificationStatus: "REJECTED", errors: [] });
    expect((await api.get(`/customers/${customer.id}`)).body.kycStatus).toBe("REJECTED");
    const again = await verify(api, customer.id);
    expect(again.status).toBe(400);
    await hooks.waitForType("CUSTOMER.KYC_REJECTED", { where: (w) => w.body.data.id === customer.id });
    await hooks.waitForType("VERIFICATION.REJECTED", { where: (w) => w.body.data.customerId === customer.id });
  });

  it("suffix 003 with a complete packet: RESOLVE_ERRORS with POOR_QUALITY_DOCUMENT, customer stays UNVERIFIED", async () => {
    const { customer, doc } = await completePacket(api, "Quinn Quality 003");
    const res = await verify(api, customer.id);
    expect(res.body.verificationStatus).toBe("RESOLVE_ERRORS");
    expect(res.body.errors).toEqual([
      { resourceId: doc.id, type: "POOR_QUALITY_DOCUMENT", reason: expect.any(String) },
    ]);
    expect((await api.get(`/customers/${customer.id}`)).body.kycStatus).toBe("UNVERIFIED");
  });

  it("any other suffix with a complete packet: APPROVED, 400 on resubmission, and renaming never re-derives", async () => {
    const { customer, doc } = await completePacket(api, "Alice Approved");
    const res = await verify(api, customer.id);
    expect(res.body).toMatchObject({ verificationStatus: "APPROVED", errors: [] });
    await hooks.waitForType("CUSTOMER.KYC_APPROVED", { where: (w) => w.body.data.id === customer.id });
    await hooks.waitForType("VERIFICATION.APPROVED", { where: (w) => w.body.data.customerId === customer.id });
    const again = await verify(api, customer.id);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_INPUT");
    const renamed = await api.patch(`/customers/${customer.id}`, {
      customerType: "INDIVIDUAL",
      fullName: "Alice Renamed 002",
    });
    expect(renamed.body.kycStatus).toBe("APPROVED");
    expect((await verify(api, customer.id)).status).toBe(400);
    expect((await api.get(`/customers/${customer.id}`)).body.kycStatus).toBe("APPROVED");
    // The submitted document is locked.
    expect((await api.delete(`/documents/${doc.id}`)).status).toBe(409);
  });

  it("concurrent submissions around the document's upload: one approval, every answer recorded once with its webhook", async () => {
    const c = await api.post("/customers", completeIndividual("Cora Concurrent"));
    const submit = () => verify(api, c.body.id);
    const [first, upload, second] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, submit)),
      uploadDocument(api, c.body.id),
      Promise.all(Array.from({ length: 8 }, submit)),
    ]);
    expect(upload.id).toMatch(/^Document:/);
    const after = await Promise.all(Array.from({ length: 4 }, submit));
    const answers = [...first, ...second, ...after];
    for (const a of answers) expect([200, 400]).toContain(a.status);
    const recorded = answers.filter((a) => a.status === 200).map((a) => a.body);
    expect(recorded.filter((v) => v.verificationStatus === "APPROVED")).toHaveLength(1);
    for (const v of recorded.filter((r) => r.verificationStatus !== "APPROVED")) {
      expect(v).toMatchObject({
        verificationStatus: "RESOLVE_ERRORS",
        errors: [{ type: "MISSING_IDENTITY_DOCUMENT" }],
      });
    }
    // Once approved, a submission is refused.
    expect((await submit()).status).toBe(400);
    const listed = await api.get(`/verifications?customerId=${c.body.id}&limit=100`);
    expect(listed.body.data.map((v: { id: string }) => v.id).sort()).toEqual(recorded.map((v) => v.id).sort());
    for (const v of recorded) {
      const hook = await hooks.waitForType(`VERIFICATION.${v.verificationStatus}`, {
        where: (w) => w.body.data.id === v.id,
      });
      expect(hook.body.data).toEqual(v);
    }
    await hooks.waitForType("CUSTOMER.KYC_APPROVED", { where: (w) => w.body.data.id === c.body.id });
    expect(hooks.ofType("CUSTOMER.KYC_APPROVED").filter((w) => w.body.data.id === c.body.id)).toHaveLength(1);
    expect((await api.get(`/customers/${c.body.id}`)).body.kycStatus).toBe("APPROVED");
  });

  it("lists and gets verifications; other platforms see 404", async () => {
    const { customer } = await completePacket(api, "Lister Person");
    const v = await verify(api, customer.id);
    const got = await api.get(`/verifications/${v.body.id}`);
    expect(got.body).toEqual(v.body);
    const list = await api.get(`/verifications?customerId=${customer.id}`);
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([v.body.id]);
    expect(
      (await api.get(`/verifications?verificationStatus=APPROVED&limit=100`)).body.data.every(
        (x: { verificationStatus: string }) => x.verificationStatus === "APPROVED",
      ),
    ).toBe(true);
    const other = await newPlatform();
    expect((await other.get(`/verifications/${v.body.id}`)).status).toBe(404);
    expect((await other.post("/verifications", { customerId: customer.id })).status).toBe(404);
    const bad = await api.post("/verifications", { customerId: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("customerId");
  });
});

describe.each([
  ["a regulated platform", { isRegulatedFinancialInstitution: true }],
  ["Skip verification paperwork", { skipVerificationPaperwork: true }],
])("Individual KYC on %s: the suffix resolves at creation", (_label, mode) => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();
  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await setMode(api, { ...mode, webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("001 lands PENDING and can still be submitted with full data and document", async () => {
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Reg Pending 001" });
    expect(c.body.kycStatus).toBe("PENDING");
    await hooks.waitForType("CUSTOMER.KYC_PENDING", { where: (w) => w.body.data.id === c.body.id });
    const incomplete = await api.post("/verifications", { customerId: c.body.id });
    expect(incomplete.body.verificationStatus).toBe("RESOLVE_ERRORS");
    expect(incomplete.body.errors.length).toBeGreaterThan(1);
    await api.patch(`/customers/${c.body.id}`, completeIndividual("Reg Pending 001"));
    await uploadDocument(api, c.body.id, "NATIONAL_ID");
    const complete = await api.post("/verifications", { customerId: c.body.id });
    expect(complete.body.verificationStatus).toBe("PENDING_MANUAL_REVIEW");
  });

  it("002 is REJECTED at creation and terminal (400)", async () => {
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Reg Rejected 002" });
    expect(c.body.kycStatus).toBe("REJECTED");
    await hooks.waitForType("CUSTOMER.KYC_REJECTED", { where: (w) => w.body.data.id === c.body.id });
    expect((await api.post("/verifications", { customerId: c.body.id })).status).toBe(400);
  });

  it("003 lands UNVERIFIED; a complete packet gives POOR_QUALITY_DOCUMENT", async () => {
    const c = await api.post("/customers", completeIndividual("Reg Quality 003"));
    expect(c.body.kycStatus).toBe("UNVERIFIED");
    const doc = await uploadDocument(api, c.body.id, "DRIVERS_LICENSE");
    const res = await api.post("/verifications", { customerId: c.body.id });
    expect(res.body.errors).toEqual([
      { resourceId: doc.id, type: "POOR_QUALITY_DOCUMENT", reason: expect.any(String) },
    ]);
  });

  it("any other suffix is APPROVED at creation with no documents, and terminal (400)", async () => {
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Reg Approved" });
    expect(c.body.kycStatus).toBe("APPROVED");
    await hooks.waitForType("CUSTOMER.KYC_APPROVED", { where: (w) => w.body.data.id === c.body.id });
    expect((await api.post("/verifications", { customerId: c.body.id })).status).toBe(400);
    const renamed = await api.patch(`/customers/${c.body.id}`, {
      customerType: "INDIVIDUAL",
      fullName: "Reg Renamed 001",
    });
    expect(renamed.body.kycStatus).toBe("APPROVED");
  });
});
