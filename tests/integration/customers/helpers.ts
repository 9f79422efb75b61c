// Shared fixtures for the customers/verification integration tests.
import type { ApiClient } from "../../support/api";

export const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
]);
export const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

export const ADDRESS = { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" };

export function completeIndividual(fullName: string, extra: Record<string, unknown> = {}) {
  return {
    customerType: "INDIVIDUAL",
    fullName,
    birthDate: "1990-01-15",
    nationality: "US",
    idType: "SSN",
    identifier: "123-45-6789",
    address: ADDRESS,
    ...extra,
  };
}

export function business(registrationNumber: string, extra: Record<string, unknown> = {}) {
  return {
    customerType: "BUSINESS",
    address: ADDRESS,
    businessInfo: {
      legalName: "Acme Corp",
      country: "US",
      incorporatedOn: "2015-03-01",
      taxId: "12-3456789",
      registrationNumber,
    },
    ...extra,
  };
}

export function owner(customerId: string, lastName: string) {
  return {
    customerId,
    roles: ["UBO"],
    ownershipPercentage: 60,
    personalInfo: {
      firstName: "Olive",
      lastName,
      birthDate: "1980-05-05",
      nationality: "US",
      address: ADDRESS,
      idType: "SSN",
      identifier: "987-65-4321",
    },
  };
}

export function documentForm(fields: Record<string, string>, file: Buffer = JPEG, fileName = "passport.jpg"): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([new Uint8Array(file)]), fileName);
  return form;
}

export async function uploadDocument(api: ApiClient, holder: string, documentType = "PASSPORT", file: Buffer = JPEG) {
  const res = await api.post("/documents", undefined, {
    raw: documentForm({ documentHolder: holder, documentType, country: "US" }, file),
  });
  if (res.status !== 201) throw new Error(`document upload failed: ${res.status} ${res.text}`);
  return res.body;
}

export async function setMode(api: ApiClient, mode: Record<string, unknown>) {
  const res = await api.patch("/config", mode);
  if (res.status !== 200) throw new Error(`config patch failed: ${res.status} ${res.text}`);
}
