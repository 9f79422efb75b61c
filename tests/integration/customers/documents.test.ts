import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, type ApiClient } from "../../support/api";
import { business, documentForm, JPEG, owner, PDF, PNG } from "./helpers";

describe("Documents", () => {
  let api: ApiClient;
  let customerId: string;
  beforeAll(async () => {
    api = await newPlatform();
    customerId = (await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Doc Holder" })).body.id;
  });

  it("uploads JPEG, PNG and PDF recognised by content and stores the bytes in the database", async () => {
    const cases: [string, Buffer, string, string][] = [
      ["PASSPORT", JPEG, "scan.pdf", "image/jpeg"],
      ["UTILITY_BILL", PNG, "bill.jpg", "image/png"],
      ["BANK_STATEMENT", PDF, "statement.png", "application/pdf"],
    ];
    for (const [documentType, bytes, name, type] of cases) {
      const res = await api.post("/documents", undefined, {
        raw: documentForm(
          {
            documentHolder: customerId,
            documentType,
            country: "US",
            documentNumber: "X123",
            issuingAuthority: "State",
          },
          bytes,
          name,
        ),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.stringMatching(/^Document:/),
        documentHolder: customerId,
        documentType,
        country: "US",
        fileName: name,
        contentType: type,
        documentNumber: "X123",
      });
      const { rows } = await database().query(`SELECT content FROM documents WHERE id = $1`, [
        res.body.id.split(":")[1],
      ]);
      expect(Buffer.compare(rows[0].content, bytes)).toBe(0);
    }
  });

  it("rejects content that is not JPEG/PNG/PDF whatever its name, files over 10 MB, and lists every invalid field", async () => {
    const fake = await api.post("/documents", undefined, {
      raw: documentForm(
        { documentHolder: customerId, documentType: "NATIONAL_ID", country: "US" },
        Buffer.from("GIF89a not really"),
        "id.jpg",
      ),
    });
    expect(fake.status).toBe(400);
    expect(fake.body.details.errors[0]).toMatchObject({ field: "file", constraint: "FORMAT" });
    const big = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await api.post("/documents", undefined, {
      raw: documentForm({ documentHolder: customerId, documentType: "NATIONAL_ID", country: "US" }, big),
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details.errors[0]).toMatchObject({ field: "file", constraint: "MAX_LENGTH" });
    const form = new FormData();
    form.set("documentType", "HOLOGRAM");
    form.set("country", "usa");
    form.set("side", "LEFT");
    const bad = await api.post("/documents", undefined, { raw: form });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "country",
      "documentHolder",
      "documentType",
      "file",
      "side",
    ]);
    const json = await api.post("/documents", { documentHolder: customerId });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe("INVALID_REQUEST_FORMAT");
  });

  it("409 DOCUMENT_ALREADY_EXISTS for a second document of the same type; PUT replaces; DELETE removes", async () => {
    const first = await api.post("/documents", undefined, {
      raw: documentForm({ documentHolder: customerId, documentType: "DRIVERS_LICENSE", country: "US", side: "FRONT" }),
    });
    expect(first.status).toBe(201);
    const dup = await api.post("/documents", undefined, {
      raw: documentForm({ documentHolder: customerId, documentType: "DRIVERS_LICENSE", country: "US", side: "FRONT" }),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("DOCUMENT_ALREADY_EXISTS");
    const back = await api.post("/documents", undefined, {
      raw: documentForm({ documentHolder: customerId, documentType: "DRIVERS_LICENSE", country: "US", side: "BACK" }),
    });
    expect(back.status).toBe(201);

    const replaced = await api.put(`/documents/${first.body.id}`, undefined, {
      raw: documentForm({ documentType: "DRIVERS_LICENSE", country: "CA", side: "FRONT" }, PDF, "new.pdf"),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      id: first.body.id,
      country: "CA",
      fileName: "new.pdf",
      contentType: "application/pdf",
    });
    const clash = await api.put(`/documents/${first.body.id}`, undefined, {
      raw: documentForm({ documentType: "DRIVERS_LICENSE", country: "US", side: "BACK" }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe("DOCUMENT_ALREADY_EXISTS");

    const got = await api.get(`/documents/${first.body.id}`);
    expect(got.body.fileName).toBe("new.pdf");
    const list = await api.get(`/documents?documentHolder=${customerId}`);
    expect(list.body.data.map((d: { id: string }) => d.id)).toContain(back.body.id);
    expect((await api.delete(`/documents/${back.body.id}`)).status).toBe(204);
    expect((await api.get(`/documents/${back.body.id}`)).status).toBe(404);
  });

  it("holders may be beneficial owners; unknown holders are 404; other platforms never see a document", async () => {
    const b = await api.post("/customers", business("REG-44"));
    const o = await api.post("/beneficial-owners", owner(b.body.id, "Holder"));
    const doc = await api.post("/documents", undefined, {
      raw: documentForm({ documentHolder: o.body.id, documentType: "PASSPORT", country: "US" }),
    });
    expect(doc.status).toBe(201);
    expect(doc.body.documentHolder).toBe(o.body.id);
    const missing = await api.post("/documents", undefined, {
      raw: documentForm({
        documentHolder: "BeneficialOwner:00000000-0000-7000-8000-000000000000",
        documentType: "PASSPORT",
        country: "US",
      }),
    });
    expect(missing.status).toBe(404);

    const other = await newPlatform();
    expect((await other.get(`/documents/${doc.body.id}`)).status).toBe(404);
    expect(
      (
        await other.put(`/documents/${doc.body.id}`, undefined, {
          raw: documentForm({ documentType: "PASSPORT", country: "US" }),
        })
      ).status,
    ).toBe(404);
    expect((await other.delete(`/documents/${doc.body.id}`)).status).toBe(404);
    expect((await other.get(`/documents?documentHolder=${o.body.id}`)).body.totalCount).toBe(0);
    expect(
      (
        await other.post("/documents", undefined, {
          raw: documentForm({ documentHolder: o.body.id, documentType: "NATIONAL_ID", country: "US" }),
        })
      ).status,
    ).toBe(404);
  });
});
