// Cards in the customer's wallet: an approved customer issues a virtual card,
// reveals it in the vault iframe (another origin the page cannot read; the BFF
// answer holds only the one-time URL), freezes, unfreezes and closes it; and
// cannot reach another customer's card through the wallet BFF.
import { test, expect, platformApi, shot } from "./support/fixtures";
import { signUpCustomer } from "./support/customer";
import { revealAndCheckIsolation } from "./support/cards";

test.describe("wallet cards", () => {
  let paperworkBefore: boolean;
  test.beforeEach(async ({ request }) => {
    // New individuals resolve KYC at creation (APPROVED) only with skipVerificationPaperwork; restored afterwards.
    paperworkBefore = (await platformApi(request, "GET", "/config")).body.skipVerificationPaperwork;
    expect((await platformApi(request, "PATCH", "/config", { skipVerificationPaperwork: true })).status).toBe(200);
  });
  test.afterEach(async ({ request }) => {
    await platformApi(request, "PATCH", "/config", { skipVerificationPaperwork: paperworkBefore });
  });

  test("issue, reveal in the isolated iframe, freeze, unfreeze and close", async ({ page }, testInfo) => {
    const customer = await signUpCustomer(page, "Carla Cardholder");
    expect((await platformApi(page.request, "GET", `/customers/${customer.customerId}`)).body.kycStatus).toBe(
      "APPROVED",
    );

    await page.goto("/wallet");
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Cards" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your cards" })).toBeVisible();
    await expect(page.getByText("You have no cards yet.")).toBeVisible();

    await page.getByRole("button", { name: "Issue a virtual card" }).click();
    await expect(page.getByRole("status").filter({ hasText: /issued/ })).toBeVisible();
    const listed = await platformApi(
      page.request,
      "GET",
      `/cards?customerId=${encodeURIComponent(customer.customerId)}`,
    );
    expect(listed.body.data).toHaveLength(1);
    const card = listed.body.data[0];
    await expect
      .poll(async () => (await platformApi(page.request, "GET", `/cards/${card.id}`)).body.status, { timeout: 30_000 })
      .toBe("ACTIVE");
    // No reload: the page follows the card from "being activated" to active by itself.
    const region = page.getByRole("region", { name: `VISA •••• ${card.last4}` });
    await expect(region.getByTestId("card-status")).toHaveAttribute("data-status", "ACTIVE");
    await expect(region).toContainText("USD account");
    await shot(page, testInfo, "wallet-card");

    const { pan } = await revealAndCheckIsolation(page, region, card, testInfo, "wallet-card-revealed");
    const cardsJson = await (await page.request.get("/api/wallet/cards")).text();
    expect(cardsJson).toContain(card.last4);
    expect(cardsJson).not.toContain(pan);

    await region.getByRole("button", { name: "Freeze card" }).click();
    await expect(region.getByTestId("card-status")).toHaveAttribute("data-status", "FROZEN");
    await region.getByRole("button", { name: "Unfreeze card" }).click();
    await expect(region.getByTestId("card-status")).toHaveAttribute("data-status", "ACTIVE");

    await region.getByRole("button", { name: "Close card" }).click();
    const confirm = region.getByRole("group", { name: `Close the card ending ${card.last4}? This cannot be undone.` });
    await confirm.getByRole("button", { name: "Keep the card" }).click();
    await expect(region.getByTestId("card-status")).toHaveAttribute("data-status", "ACTIVE");
    await region.getByRole("button", { name: "Close card" }).click();
    await shot(page, testInfo, "wallet-card-confirm-close");
    await confirm.getByRole("button", { name: "Yes, close the card" }).click();
    await expect(region.getByTestId("card-status")).toHaveAttribute("data-status", "CLOSED");
    await expect(region.getByRole("button", { name: "Reveal card details" })).toHaveCount(0);
    await shot(page, testInfo, "wallet-card-closed");
    expect((await platformApi(page.request, "GET", `/cards/${card.id}`)).body.status).toBe("CLOSED");
  });

  test("a customer cannot reach another customer's card through the wallet BFF", async ({ page, browser }) => {
    await signUpCustomer(page, "Alice Cardless");
    const otherContext = await browser.newContext();
    const bob = await signUpCustomer(await otherContext.newPage(), "Bob Cardholder");
    await otherContext.close();
    const accounts = await platformApi(
      page.request,
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(bob.customerId)}&type=INTERNAL_FIAT`,
    );
    const issued = await platformApi(page.request, "POST", "/cards", {
      customerId: bob.customerId,
      form: "VIRTUAL",
      fundingSource: accounts.body.data[0].id,
    });
    expect(issued.status).toBe(201);
    const bobCard = issued.body.id as string;
    await expect
      .poll(async () => (await platformApi(page.request, "GET", `/cards/${bobCard}`)).body.status, { timeout: 30_000 })
      .toBe("ACTIVE");

    await page.goto("/wallet/cards");
    const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute("content"))!;
    const headers = { "x-csrf-token": csrf, origin: process.env.MERIDIAN_E2E_ORIGIN! };
    const mine = await (await page.request.get("/api/wallet/cards")).json();
    expect(mine.data).toEqual([]);
    const freeze = await page.request.patch(`/api/wallet/cards/${encodeURIComponent(bobCard)}`, {
      headers,
      data: { status: "FROZEN" },
    });
    expect(freeze.status()).toBe(404);
    const reveal = await page.request.post(`/api/wallet/cards/${encodeURIComponent(bobCard)}/reveal`, { headers });
    expect(reveal.status()).toBe(404);
    expect(await reveal.text()).not.toContain("panEmbedUrl");
    // Issuing with Bob's account as the funding source is refused: the cardholder is always the signed-in customer.
    const steal = await page.request.post("/api/wallet/cards", {
      headers,
      data: { fundingSource: accounts.body.data[0].id },
    });
    expect(steal.status()).toBe(400);
    // Without the CSRF token nothing changes either.
    expect(
      (
        await page.request.patch(`/api/wallet/cards/${encodeURIComponent(bobCard)}`, { data: { status: "FROZEN" } })
      ).status(),
    ).toBe(403);
    expect((await platformApi(page.request, "GET", `/cards/${bobCard}`)).body.status).toBe("ACTIVE");
  });
});
