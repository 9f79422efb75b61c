// bench/pages/first-visit: the first load of /admin and of /wallet after a fresh
// start of the built server, in Chromium, then a second load of each, with the
// machine's load average (a busy machine slows the first visit most). Staff and
// the customer sign in through the APIs first (as the e2e fixtures do), so the
// figures are the pages' own first loads, not the sign-in's.
//   npm run bench:first-visit      (BENCH_FIRST=wallet visits /wallet before /admin)
import { loadavg } from "node:os";
import { chromium, type Page } from "@playwright/test";
import { startTestServer } from "../../tests/support/server";
import { CHROMIUM_ARGS } from "../../playwright.config";
import { exportE2eServer } from "../../e2e/support/server-env";

interface Load {
  loadMs: number;
  firstByteMs: number;
}

async function load(page: Page, path: string): Promise<Load> {
  await page.goto(path, { waitUntil: "load" });
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      loadMs: Math.round(nav.loadEventEnd - nav.startTime),
      firstByteMs: Math.round(nav.responseStart - nav.startTime),
    };
  });
}

const avg = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

async function main() {
  console.log(`bench/pages/first-visit: load average (1 / 5 / 15 min) before start ${avg()}`);
  const started = performance.now();
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn" });
  console.log(`server ready in ${Math.round(performance.now() - started)} ms`);
  exportE2eServer(server);
  const { createStaff, signInStaff } = await import("../../e2e/support/fixtures");
  const { signUpCustomer } = await import("../../e2e/support/customer");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const base = { baseURL: process.env.MERIDIAN_E2E_ORIGIN };
    const staffPage = await (await browser.newContext(base)).newPage();
    const customerPage = await (await browser.newContext(base)).newPage();
    await signInStaff(staffPage, await createStaff(staffPage.request, "operator"));
    await signUpCustomer(customerPage, "Fay First");
    console.log(`signed in (staff and a new customer) ${Math.round(performance.now() - started)} ms after start`);
    const visits: [Page, string][] = [
      [staffPage, "/admin"],
      [customerPage, "/wallet"],
    ];
    if (process.env.BENCH_FIRST === "wallet") visits.reverse();
    const rows: string[] = [];
    for (const [page, path] of visits) {
      const first = await load(page, path);
      const second = await load(page, path);
      rows.push([path, first.loadMs, first.firstByteMs, second.loadMs, second.firstByteMs].map(String).join("\t"));
    }
    console.log(["page", "first load ms", "first byte ms", "second load ms", "second first byte ms"].join("\t"));
    for (const r of rows) console.log(r);
    console.log(`load average (1 / 5 / 15 min) after: ${avg()}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();
