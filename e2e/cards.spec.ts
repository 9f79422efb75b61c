// Cards in the web app: an operator views a card issued to an approved
// customer, reveals its details in the vault iframe (a different origin the
// page cannot read; the BFF answer holds only the one-time URL), freezes it and
// closes it.
import { test, expect, signInStaff, platformApi, shot } from "./support/fixtures";
import { revealAndCheckIsolation } from "./support/cards";

test.describe("cards", () => {
  test("issue, reveal in the isolated iframe, freeze and close", async ({ page, operator }, testInfo) => {
    const before = await platformApi(page.request, "GET", "/config");
    // New individuals resolve KYC at creation only with skipVerificationPaperwork; restored afterwards.
    await platformApi(page.request, "PATCH", "/config", { skipVerificationPaperwork: true });
    try {
      const customer = await platformApi(page.request, "POST", "/customers", {
        customerType: "INDIVIDUAL",
        platformCustomerId: `e2e-card-${Date.now()}`,
        fullName: "Casey Cardholder",
        currencies: ["USD"],
      });
      expect(customer.status, JSON.stringify(customer.body)).toBe(201);
      expect(customer.body.kycStatus).toBe("APPROVED");
      const accounts = await platformApi(
        page.request,
        "GET",
        `/customers/internal-accounts?customerId=${encodeURIComponent(customer.body.id)}&type=INTERNAL_FIAT`,
      );
      const account = accounts.body.data[0].id;
      const issued = await platformApi(page.request, "POST", "/cards", {
        customerId: customer.body.id,
        form: "VIRTUAL",
        fundingSource: account,
      });
      expect(issued.status, JSON.stringify(issued.body)).toBe(201);
      const card = issued.body;
      await expect
        .poll(async () => (await platformApi(page.request, "GET", `/cards/${card.id}`)).body.status)
        .toBe("ACTIVE");

      await signInStaff(page, operator);
      await page.goto(`/admin/cards/${encodeURIComponent(card.id)}`);
      await expect(page.getByRole("heading", { level: 1, name: `VISA •••• ${card.last4}` })).toBeVisible();
      await expect(page.getByTestId("card-status")).toHaveAttribute("data-status", "ACTIVE");
      await shot(page, testInfo, "card");

      const { panEmbedUrl } = await revealAndCheckIsolation(page, page, card, testInfo, "card-revealed");
      const frame = page.frameLocator(`iframe[title="Card details for the card ending ${card.last4}"]`);
      await expect(frame.locator('[data-field="expiry"]')).toHaveText(
        `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear).slice(-2)}`,
      );

      // The one-time URL does not load again.
      const reuse = await page.request.get(panEmbedUrl);
      expect(reuse.status()).toBe(404);

      await page.getByRole("button", { name: "Freeze card" }).click();
      await expect(page.getByTestId("card-status")).toHaveAttribute("data-status", "FROZEN");
      await expect(page.getByRole("button", { name: "Unfreeze card" })).toBeVisible();
      await shot(page, testInfo, "card-frozen");
      await page.getByRole("button", { name: "Close card" }).click();
      await expect(page.getByTestId("card-status")).toHaveAttribute("data-status", "CLOSED");
      await expect(page.getByRole("button", { name: "Reveal card details" })).toHaveCount(0);
      await shot(page, testInfo, "card-closed");
      expect((await platformApi(page.request, "GET", `/cards/${card.id}`)).body.status).toBe("CLOSED");
    } finally {
      await platformApi(page.request, "PATCH", "/config", {
        skipVerificationPaperwork: before.body.skipVerificationPaperwork,
      });
    }
  });
});
