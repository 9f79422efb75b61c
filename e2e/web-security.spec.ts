// The web app's security properties a browser must see: the sandbox banner,
// sign-out ending the embedded-wallet session, and sign-in flows that reveal
// nothing about which accounts exist.
import { test, expect, createStaff, signInStaff, shot } from "./support/fixtures";
import { signUpCustomer } from "./support/customer";

test.describe("sandbox banner", () => {
  test("customer and admin pages say they are a sandbox", async ({ page, browser }, testInfo) => {
    await signUpCustomer(page, "Sandy Banner");
    await page.goto("/wallet");
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Sandy Banner" })).toBeVisible();
    const banner = page.getByRole("note", { name: "Sandbox environment" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("test data only");
    await expect(banner).toContainText("Sign-in codes are not sent");
    await shot(page, testInfo, "customer-banner");

    const staffContext = await browser.newContext();
    const admin = await staffContext.newPage();
    await signInStaff(admin, await createStaff(admin.request, "viewer"));
    await admin.goto("/admin");
    await expect(admin.getByRole("link", { name: "Meridian admin" })).toBeVisible();
    await expect(admin.getByRole("note", { name: "Sandbox environment" })).toBeVisible();
    await shot(admin, testInfo, "admin-banner");

    await admin.goto("/signin");
    await expect(admin.getByRole("note", { name: "Sandbox environment" })).toContainText("anyone can sign in as anyone");
    await staffContext.close();
  });
});
