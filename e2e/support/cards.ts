// The reveal checks both card pages share: the BFF answers only a one-time
// vault URL on another origin, the vault iframe shows the details, and neither
// the page nor the BFF response can read or contains the PAN.
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { shot } from "./fixtures";

export interface RevealedCard {
  pan: string;
  panEmbedUrl: string;
}

export async function revealAndCheckIsolation(
  page: Page,
  scope: Page | Locator,
  card: { last4: string },
  testInfo: TestInfo,
  screenshot: string,
): Promise<RevealedCard> {
  const revealResponse = page.waitForResponse((r) => r.url().endsWith("/reveal") && r.request().method() === "POST");
  await scope.getByRole("button", { name: "Reveal card details" }).click();
  const bffText = await (await revealResponse).text();
  const bffBody = JSON.parse(bffText);
  expect(Object.keys(bffBody).sort()).toEqual(["expiresAt", "panEmbedUrl"]);
  expect(new URL(bffBody.panEmbedUrl).origin).not.toBe(new URL(page.url()).origin);

  const frame = page.frameLocator(`iframe[title="Card details for the card ending ${card.last4}"]`);
  // The test harness (not the page) reads the frame to learn the number it must not find elsewhere.
  const pan = ((await frame.locator('[data-field="pan"]').textContent()) ?? "").replace(/\s/g, "");
  expect(pan).toMatch(/^4\d{15}$/);
  expect(pan.endsWith(card.last4)).toBe(true);
  await expect(frame.locator('[data-field="cvv"]')).toHaveText(/^\d{3}$/);
  await shot(page, testInfo, screenshot);

  expect(bffText).not.toContain(pan);
  expect(await page.content()).not.toContain(pan);
  const access = await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>("iframe");
    let threw = false;
    try {
      void iframe!.contentWindow!.document.body.innerText;
    } catch {
      threw = true;
    }
    return { contentDocument: iframe!.contentDocument, threw };
  });
  expect(access).toEqual({ contentDocument: null, threw: true });
  return { pan, panEmbedUrl: bffBody.panEmbedUrl };
}
