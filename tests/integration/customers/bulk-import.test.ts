import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, waitFor, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";

function csvForm(text: string): FormData {
  const form = new FormData();
  form.set("file", new Blob([text], { type: "text/csv" }), "customers.csv");
  return form;
}

describe("Bulk customer import (CSV)", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();
  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await api.patch("/config", { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("creates valid rows, reports one error per failed row, and the job can be polled to completion", async () => {
    await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Already Here",
      platformCustomerId: "taken-1",
    });
    const csv = [
      "umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country," +
        "businessLegalName,businessRegistrationNumber,businessTaxId,businessIncorporatedOn",
      "bulk.john@example.com,bulk-1,INDIVIDUAL,John Doe,1990-01-15,123 Main St,San Francisco,CA,94105,US,,,,",
      ",bulk-2,BUSINESS,,,400 Commerce Way,Austin,TX,78701,US,Acme Inc,REG-1,12-3456789,2012-04-01",
      ",bulk-3,INDIVIDUAL,Bad Date,1990-02-31,1 Elm,Town,TX,75001,US,,,,",
      ",taken-1,INDIVIDUAL,Dup Person,1980-01-01,1 Elm,Town,TX,75001,US,,,,",
      ",bulk-5,ROBOT,,,,,,,,,,,",
    ].join("\n");
    const res = await api.post("/customers/bulk/csv", undefined, { raw: csvForm(csv) });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.stringMatching(/^Job:/), status: "PENDING" });
    const job = await waitFor(
      async () => {
        const j = await api.get(`/customers/bulk/jobs/${res.body.jobId}`);
        return j.body.status === "COMPLETED" ? j.body : undefined;
      },
      { what: "import completion" },
    );
    expect(job.progress).toEqual({ total: 5, processed: 5, successful: 2, failed: 3 });
    expect(job.completedAt).toEqual(expect.any(String));
    const byId = Object.fromEntries(job.errors.map((e: { correlationId: string }) => [e.correlationId, e]));
    expect(byId["bulk-3"]).toMatchObject({
      code: "INVALID_INPUT",
      details: { errors: [expect.objectContaining({ field: "birthDate" })] },
    });
    expect(byId["taken-1"]).toMatchObject({ code: "CONFLICT" });
    expect(byId["bulk-5"]).toMatchObject({ code: "INVALID_INPUT" });
    const john = await api.get("/customers?platformCustomerId=bulk-1");
    expect(john.body.data[0]).toMatchObject({
      fullName: "John Doe",
      umaAddress: "$bulk.john@example.com",
      address: { line1: "123 Main St", country: "US" },
    });
    const acme = await api.get("/customers?platformCustomerId=bulk-2");
    expect(acme.body.data[0].businessInfo).toMatchObject({ legalName: "Acme Inc", registrationNumber: "REG-1" });
    const hook = await hooks.waitForType("BULK_UPLOAD.COMPLETED");
    expect(hook.body.data).toMatchObject({ id: res.body.jobId, status: "COMPLETED" });
  });

  it("a job where every row fails ends FAILED", async () => {
    const res = await api.post("/customers/bulk/csv", undefined, { raw: csvForm("customerType,fullName\nALIEN,X\n") });
    const job = await waitFor(async () => {
      const j = await api.get(`/customers/bulk/jobs/${res.body.jobId}`);
      return j.body.status === "FAILED" ? j.body : undefined;
    });
    expect(job.progress).toMatchObject({ total: 1, failed: 1, successful: 0 });
    await hooks.waitForType("BULK_UPLOAD.FAILED");
  });

  it("rejects unreadable uploads at once and hides other platforms' jobs", async () => {
    expect((await api.post("/customers/bulk/csv", undefined, { raw: csvForm("customerType,fullName\n") })).status).toBe(
      400,
    );
    expect((await api.post("/customers/bulk/csv", undefined, { raw: csvForm('fullName\n"unterminated') })).status).toBe(
      400,
    );
    expect((await api.post("/customers/bulk/csv", undefined, { raw: csvForm("fullName\nNo Type\n") })).status).toBe(
      400,
    );
    const missing = await api.post("/customers/bulk/csv", undefined, { raw: new FormData() });
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors[0].field).toBe("file");
    const res = await api.post("/customers/bulk/csv", undefined, {
      raw: csvForm("customerType,fullName\nINDIVIDUAL,Tenant Test\n"),
    });
    const other = await newPlatform();
    expect((await other.get(`/customers/bulk/jobs/${res.body.jobId}`)).status).toBe(404);
    expect((await api.get("/customers/bulk/jobs/Job:00000000-0000-7000-8000-000000000000")).status).toBe(404);
  });
});
