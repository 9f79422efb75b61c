// Every row of the spec's business KYB table and the beneficial-owner rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { business, owner, setMode, uploadDocument } from "./helpers";

async function completeBusiness(api: ApiClient, registrationNumber: string, ownerLastNames: string[]) {
  const b = await api.post("/customers", business(registrationNumber));
  expect(b.status).toBe(201);
  await uploadDocument(api, b.body.id, "CERTIFICATE_OF_INCORPORATION");
  const owners = [];
  for (const lastName of ownerLastNames) {
    const o = await api.post("/beneficial-owners", owner(b.body.id, lastName));
    expect(o.status).toBe(201);
    await uploadDocument(api, o.body.id, "PASSPORT");
    owners.push(o.body);
  }
  return { business: b.body, owners };
}

async function ownerStatuses(api: ApiClient, customerId: string) {
  const list = await api.get(`/beneficial-owners?customerId=${customerId}`);
  return Object.fromEntries(
    list.body.data.map((o: { personalInfo: { lastName: string }; kycStatus: string }) => [
      o.personalInfo.lastName,
      o.kycStatus,
    ]),
  );
}

describe("Business KYB on an unregulated platform: validation first", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();
  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await setMode(api, { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("businesses are created UNVERIFIED and an incomplete packet gets RESOLVE_ERRORS whatever its suffix", async () => {
    for (const reg of ["REG-001", "REG-002", "REG-003", "REG-777"]) {
      const b = await api.post("/customers", business(reg));
      expect(b.body.kybStatus).toBe("UNVERIFIED");
      const res = await api.post("/verifications", { customerId: b.body.id });
      expect(res.body.verificationStatus).toBe("RESOLVE_ERRORS");
      expect(res.body.errors.map((e: { type: string }) => e.type).sort()).toEqual([
        "MISSING_BENEFICIAL_OWNER",
        "MISSING_LEGAL_PRESENCE_DOCUMENT",
      ]);
      expect(
        res.body.errors.find((e: { type: string }) => e.type === "MISSING_LEGAL_PRESENCE_DOCUMENT")
          .acceptedDocumentTypes,
      ).toContain("CERTIFICATE_OF_INCORPORATION");
      expect((await api.get(`/customers/${b.body.id}`)).body.kybStatus).toBe("UNVERIFIED");
    }
  });

  it("reports a missing registration number and owners without identity documents, one entry each", async () => {
    const b = await api.post("/customers", {
      customerType: "BUSINESS",
      businessInfo: { legalName: "NoReg", country: "US", incorporatedOn: "2010-01-01", taxId: "1" },
    });
    await uploadDocument(api, b.body.id, "ARTICLES_OF_INCORPORATION");
    const o1 = await api.post("/beneficial-owners", owner(b.body.id, "First"));
    const o2 = await api.post("/beneficial-owners", owner(b.body.id, "Second"));
    const res = await api.post("/verifications", { customerId: b.body.id });
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          resourceId: b.body.id,
          type: "MISSING_FIELD",
          field: "businessInfo.registrationNumber",
        }),
        expect.objectContaining({ resourceId: b.body.id, type: "MISSING_FIELD", field: "address.line1" }),
        expect.objectContaining({ resourceId: o1.body.id, type: "MISSING_IDENTITY_DOCUMENT" }),
        expect.objectContaining({ resourceId: o2.body.id, type: "MISSING_IDENTITY_DOCUMENT" }),
      ]),
    );
    expect(res.body.errors).toHaveLength(6);
  });

  it.each(["REG-003", "REG-001"])(
    "%s: documents and owners collected; a complete packet is approved and owners resolve by lastName",
    async (reg) => {
      const { business: b } = await completeBusiness(api, reg, ["Ann 001", "Bob 002", "Cy Other"]);
      const res = await api.post("/verifications", { customerId: b.id });
      expect(res.body).toMatchObject({ verificationStatus: "APPROVED", errors: [] });
      expect((await api.get(`/customers/${b.id}`)).body.kybStatus).toBe("APPROVED");
      expect(await ownerStatuses(api, b.id)).toEqual({
        "Ann 001": "PENDING",
        "Bob 002": "REJECTED",
        "Cy Other": "APPROVED",
      });
      await hooks.waitForType("CUSTOMER.KYB_APPROVED", { where: (w) => w.body.data.id === b.id });
      expect((await api.post("/verifications", { customerId: b.id })).status).toBe(400);
    },
  );

  it("002 with a complete packet: kybStatus and verificationStatus REJECTED, then 400", async () => {
    const { business: b } = await completeBusiness(api, "REG-002", ["Dee Approved"]);
    const res = await api.post("/verifications", { customerId: b.id });
    expect(res.body.verificationStatus).toBe("REJECTED");
    expect((await api.get(`/customers/${b.id}`)).body.kybStatus).toBe("REJECTED");
    expect(await ownerStatuses(api, b.id)).toEqual({ "Dee Approved": "APPROVED" });
    await hooks.waitForType("CUSTOMER.KYB_REJECTED", { where: (w) => w.body.data.id === b.id });
    await hooks.waitForType("VERIFICATION.REJECTED", { where: (w) => w.body.data.customerId === b.id });
    expect((await api.post("/verifications", { customerId: b.id })).status).toBe(400);
  });

  it("any other suffix with a complete packet: APPROVED; renaming the business does not re-derive", async () => {
    const { business: b } = await completeBusiness(api, "REG-555", ["Eve 002"]);
    expect((await api.post("/verifications", { customerId: b.id })).body.verificationStatus).toBe("APPROVED");
    const renamed = await api.patch(`/customers/${b.id}`, {
      customerType: "BUSINESS",
      businessInfo: { registrationNumber: "REG-002" },
    });
    expect(renamed.body.kybStatus).toBe("APPROVED");
    expect(renamed.body.beneficialOwners.map((o: { kycStatus: string }) => o.kycStatus)).toEqual(["REJECTED"]);
    expect((await api.post("/verifications", { customerId: b.id })).status).toBe(400);
  });
});

describe.each([
  ["a regulated platform", { isRegulatedFinancialInstitution: true }],
  ["Skip verification paperwork", { skipVerificationPaperwork: true }],
])("Business KYB on %s: validation skipped for 002 and other suffixes", (_label, mode) => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
    await setMode(api, mode);
  });

  it("businesses are still created UNVERIFIED", async () => {
    expect((await api.post("/customers", business("REG-123"))).body.kybStatus).toBe("UNVERIFIED");
  });

  it("002 is REJECTED at the first submission without documents or owners", async () => {
    const b = await api.post("/customers", business("REG-002"));
    const res = await api.post("/verifications", { customerId: b.body.id });
    expect(res.body).toMatchObject({ verificationStatus: "REJECTED", errors: [] });
    expect((await api.post("/verifications", { customerId: b.body.id })).status).toBe(400);
  });

  it("any other suffix is auto-approved at the first submission; an owner added later resolves at once", async () => {
    const b = await api.post("/customers", business("REG-888"));
    const res = await api.post("/verifications", { customerId: b.body.id });
    expect(res.body).toMatchObject({ verificationStatus: "APPROVED", errors: [] });
    expect((await api.post("/verifications", { customerId: b.body.id })).status).toBe(400);
    const late = await api.post("/beneficial-owners", owner(b.body.id, "Late 001"));
    expect(late.body.kycStatus).toBe("PENDING");
  });

  it("owners added while their business resolves are all resolved, whichever commits first", async () => {
    for (let round = 0; round < 3; round++) {
      const b = await api.post("/customers", business(`REG-77${round}`));
      const [verification, ...added] = await Promise.all([
        api.post("/verifications", { customerId: b.body.id }),
        ...Array.from({ length: 8 }, (_, i) => api.post("/beneficial-owners", owner(b.body.id, `Racer ${i}`))),
      ]);
      expect(verification.body.verificationStatus).toBe("APPROVED");
      for (const o of added) expect(o.status).toBe(201);
      expect(Object.values(await ownerStatuses(api, b.body.id))).toEqual(Array(8).fill("APPROVED"));
    }
  });

  it("003 still validates: RESOLVE_ERRORS until complete, then APPROVED", async () => {
    const b = await api.post("/customers", business("REG-003"));
    expect((await api.post("/verifications", { customerId: b.body.id })).body.verificationStatus).toBe(
      "RESOLVE_ERRORS",
    );
    await uploadDocument(api, b.body.id, "STATE_REGISTRY_EXCERPT");
    const o = await api.post("/beneficial-owners", owner(b.body.id, "Fay Other"));
    await uploadDocument(api, o.body.id, "NATIONAL_ID");
    expect((await api.post("/verifications", { customerId: b.body.id })).body.verificationStatus).toBe("APPROVED");
    expect((await api.get(`/beneficial-owners/${o.body.id}`)).body.kycStatus).toBe("APPROVED");
  });
});

describe("Beneficial owners CRUD", () => {
  it("create validates every field, belongs to businesses only, supports get/patch/list, and is tenant-scoped", async () => {
    const api = await newPlatform();
    const b = await api.post("/customers", business("REG-1"));
    const bad = await api.post("/beneficial-owners", {
      customerId: b.body.id,
      roles: ["KING"],
      ownershipPercentage: 101,
      personalInfo: { firstName: "A", birthDate: "1990-02-31" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "ownershipPercentage",
      "personalInfo.address",
      "personalInfo.birthDate",
      "personalInfo.idType",
      "personalInfo.identifier",
      "personalInfo.lastName",
      "personalInfo.nationality",
      "roles.0",
    ]);
    const person = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Not A Business" });
    const wrong = await api.post("/beneficial-owners", owner(person.body.id, "X"));
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.errors[0].field).toBe("customerId");
    expect(
      (await api.post("/beneficial-owners", owner("Customer:00000000-0000-7000-8000-000000000000", "X"))).status,
    ).toBe(404);

    const ownerInput = owner(b.body.id, "Owner");
    const o = await api.post("/beneficial-owners", ownerInput);
    expect(o.status).toBe(201);
    expect(o.body).toMatchObject({
      id: expect.stringMatching(/^BeneficialOwner:/),
      customerId: b.body.id,
      roles: ["UBO"],
      ownershipPercentage: 60,
      kycStatus: "UNVERIFIED",
    });
    // write-only: it comes back masked, the last four characters readable
    expect(o.body.personalInfo.identifier).toMatch(/^\*{4,}.{4}$/);
    expect(JSON.stringify(o.body)).not.toContain(ownerInput.personalInfo.identifier);
    const patched = await api.patch(`/beneficial-owners/${o.body.id}`, {
      roles: ["UBO", "DIRECTOR"],
      personalInfo: { lastName: "Renamed 002" },
    });
    expect(patched.body).toMatchObject({
      roles: ["UBO", "DIRECTOR"],
      personalInfo: { firstName: "Olive", lastName: "Renamed 002" },
      kycStatus: "UNVERIFIED",
    });
    expect((await api.patch(`/beneficial-owners/${o.body.id}`, { ownershipPercentage: -1 })).status).toBe(400);
    // Concurrent PATCHes of different personalInfo fields all keep theirs.
    const fields = { firstName: "Olivia", lastName: "Concurrent 002", birthDate: "1981-06-06", nationality: "FR" };
    const answers = await Promise.all(
      Object.entries(fields).map(([k, v]) =>
        api.patch(`/beneficial-owners/${o.body.id}`, { personalInfo: { [k]: v } }),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect((await api.get(`/beneficial-owners/${o.body.id}`)).body.personalInfo).toMatchObject(fields);
    expect((await api.get(`/beneficial-owners/${o.body.id}`)).body.roles).toEqual(["UBO", "DIRECTOR"]);
    expect((await api.get(`/customers/${b.body.id}`)).body.beneficialOwners.map((x: { id: string }) => x.id)).toEqual([
      o.body.id,
    ]);
    const list = await api.get(`/beneficial-owners?customerId=${b.body.id}&limit=1`);
    expect(list.body).toMatchObject({ totalCount: 1, hasMore: false });

    const other = await newPlatform();
    expect((await other.get(`/beneficial-owners/${o.body.id}`)).status).toBe(404);
    expect((await other.patch(`/beneficial-owners/${o.body.id}`, { ownershipPercentage: 1 })).status).toBe(404);
    expect((await other.get(`/beneficial-owners?customerId=${b.body.id}`)).body.totalCount).toBe(0);
  });
});
