// axe-core over a page once it has settled: its serious and critical violations as "url: rule (impact) targets"
// lines, empty when there are none. It waits for the document's title first: after a client-side navigation Next.js
// can deliver the new page's metadata after its content, and a scan in between reports a page without a title
// (document-title, seen once in an e2e run after "Apply filters" on the request log), a state the page does not
// stay in.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await expect(page).toHaveTitle(/\S/);
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((x) => x.impact === "serious" || x.impact === "critical")
    .map((x) => `${page.url()}: ${x.id} (${x.impact}) ${x.nodes.map((n) => n.target).join(" ")}`);
}
