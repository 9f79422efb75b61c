// The hosted KYC/KYB page: a platform makes a kyc-link for an UNVERIFIED
// customer; the customer opens it, fills in what is missing, uploads a
// document and submits; the customer's status then follows the sandbox table
// (fullName suffix for individuals, registrationNumber suffix for businesses).
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, platformApi, shot } from "./support/fixtures";

// A 1x1 PNG: documents are checked by content, not by file name.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 " +
    "obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

async function openLink(page: Page, customerId: string): Promise<void> {
  const link = await platformApi(page.request, "POST", `/customers/${customerId}/kyc-link`, {
    redirectUri: "https://platform.example/done",
  });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  await page.goto(new URL(link.body.kycUrl).pathname);
}

async function fillAddress(form: ReturnType<Page["getByRole"]>): Promise<void> {
  await form.getByLabel("Street address").fill("1 Main St");
  await form.getByLabel("City").fill("New York");
  await form.getByLabel("State or region").fill("NY");
  await form.getByLabel("Postal code").fill("10001");
  await form.getByLabel("Country (2-letter code, e.g. US)").fill("US");
}

async function upload(
  page: Page,
  holder: string,
  documentType: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const form = page.getByRole("form", { name: "Upload a document" });
  await form.getByLabel("Whose document").selectOption({ label: holder });
  await form.getByLabel("Document type").selectOption(documentType);
  await form.getByLabel("Issuing country (2-letter code)").fill("US");
  await form.getByLabel("File (JPEG, PNG or PDF, up to 10 MB)").setInputFiles(file);
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status")).toHaveText("Document uploaded.");
}

for (const { suffix, status, message } of [
  { suffix: "", status: "APPROVED", message: "Thank you. Your verification is approved." },
  { suffix: " 001", status: "PENDING", message: "Thank you. Your information is under review." },
]) {
  test(`an UNVERIFIED individual${suffix ? ` named …${suffix.trim()}` : ""} completes the hosted page and ends ${status}`, async ({
    page,
  }, testInfo) => {
    const created = await platformApi(page.request, "POST", "/customers", {
      customerType: "INDIVIDUAL",
      fullName: `Kim Hosted${suffix}`,
      platformCustomerId: `e2e-kyc-${randomUUID()}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.kycStatus).toBe("UNVERIFIED");
    await openLink(page, created.body.id);

    await expect(page.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
    const needed = page.getByRole("region", { name: "Still needed" });
    await expect(needed.getByRole("listitem").first()).toBeVisible();

    const details = page.getByRole("form", { name: "Your details" });
    await details.getByLabel("Date of birth").fill("1990-02-03");
    await details.getByLabel("Nationality (2-letter code, e.g. US)").fill("US");
    await details.getByLabel("Identification type").selectOption("SSN");
    await details.getByLabel("Identification number").fill("123-45-6789");
    await fillAddress(details);
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("status")).toHaveText("Details saved.");

    await upload(page, "Me", "PASSPORT", { name: "passport.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByRole("region", { name: "Documents" })).toContainText("Passport: passport.png");
    await expect(needed).toContainText("Nothing is missing. You can submit now.");
    await shot(page, testInfo, `kyc-individual-ready${suffix.replace(/\s/g, "-")}`);

    await page.getByRole("button", { name: "Submit for verification" }).click();
    await expect(page.getByRole("status")).toHaveText(message);
    await expect(page.getByRole("region", { name: "Submitted" }).locator(`[data-status="${status}"]`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "https://platform.example/done");
    const after = await platformApi(page.request, "GET", `/customers/${created.body.id}`);
    expect(after.body.kycStatus).toBe(status);
    await shot(page, testInfo, `kyc-individual-submitted${suffix.replace(/\s/g, "-")}`);
  });
}

test("a 003 business adds a beneficial owner and documents on the hosted page and is approved", async ({
  page,
}, testInfo) => {
  const created = await platformApi(page.request, "POST", "/customers", {
    customerType: "BUSINESS",
    platformCustomerId: `e2e-kyb-${randomUUID()}`,
    address: { line1: "1 Main St", city: "New York", postalCode: "10001", country: "US" },
    businessInfo: {
      legalName: "Hosted Widgets",
      country: "US",
      incorporatedOn: "2015-03-01",
      taxId: "12-3456789",
      registrationNumber: `E2E-${Date.now()}-003`,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.kybStatus).not.toBe("APPROVED");
  await openLink(page, created.body.id);

  await expect(page.getByRole("heading", { name: "Verify your business" })).toBeVisible();
  const needed = page.getByRole("region", { name: "Still needed" });
  await expect(needed).toContainText(/beneficial owner/i);

  const owner = page.getByRole("form", { name: "Add a beneficial owner" });
  await owner.getByLabel("First name").fill("Hana");
  await owner.getByLabel("Last name").fill("Hosted");
  await owner.getByLabel("Date of birth").fill("1970-01-01");
  await owner.getByLabel("Nationality (2-letter code)").fill("US");
  await owner.getByLabel("Identification type").selectOption("SSN");
  await owner.getByLabel("Identification number").fill("111-22-3333");
  await fillAddress(owner);
  await owner.getByLabel("Role").selectOption("UBO");
  await owner.getByLabel("Ownership percentage").fill("100");
  await owner.getByRole("button", { name: "Add owner" }).click();
  await expect(page.getByRole("status")).toHaveText("Owner added.");
  await expect(page.getByRole("region", { name: "Beneficial owners" }).getByRole("listitem")).toHaveCount(1);

  await upload(page, "The business", "CERTIFICATE_OF_INCORPORATION", {
    name: "certificate.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await upload(page, "Hana Hosted", "PASSPORT", { name: "hana.png", mimeType: "image/png", buffer: PNG });
  await expect(needed).toContainText("Nothing is missing. You can submit now.");

  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you. Your verification is approved.");
  const after = await platformApi(page.request, "GET", `/customers/${created.body.id}`);
  expect(after.body.kybStatus).toBe("APPROVED");
  expect(after.body.beneficialOwners?.[0]?.kycStatus ?? "APPROVED").toBe("APPROVED");
  await shot(page, testInfo, "kyb-business-submitted");
});
