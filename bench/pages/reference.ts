// bench/pages/reference: what the browser spends on each API reference page (/docs/api and every
// /docs/api/<group>) up to its load event, in CPU terms that tolerate a loaded machine: Chromium's own
// counters (CDP Performance.getMetrics: TaskDuration, ScriptDuration, LayoutDuration,
// RecalcStyleDuration), the DOM's node count, and the HTML's bytes (Redoc's markup, its styles, its
// hydration state when inlined). Then, once Redoc's bundle has hydrated the page (after load), the
// renderer's CPU up to then and the hydration state's bytes (inlined, or fetched after load).
// Wall-clock load and first byte are printed beside them, with the load average.
// Each page is loaded once per width (1280 and 375 px) from a fresh browser context. (No named helper
// functions inside page.evaluate: tsx would wrap them in a __name call the page does not have.)
//   npm run bench:reference
//   BENCH_PAGES=index,external-accounts   only these pages ("index" is /docs/api)
import { loadavg } from "node:os";
import { chromium, type Browser } from "@playwright/test";
import { startTestServer } from "../../tests/support/server";
import { CHROMIUM_ARGS } from "../../playwright.config";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

const ms = (seconds: number | undefined) => Math.round((seconds ?? 0) * 1000);

async function main() {
  console.log(
    `bench/pages/reference: load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ")}`,
  );
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn" });
  const origin = server.origin;
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const groups = (await (await fetch(`${origin}/docs/api`)).text()).match(/href="\/docs\/api\/[a-z0-9-]+"/g) ?? [];
    const all = ["index", ...new Set(groups.map((h) => h.slice('href="/docs/api/'.length, -1)))].filter(
      (s) => s !== "explorer",
    );
    const only = process.env.BENCH_PAGES?.split(",");
    // /signin, a small page of the same app, is the floor: the app's own scripts and styles.
    const slugs = ["/signin", ...(only ? all.filter((s) => only.includes(s)) : all)];
    console.log(
      "page | width | HTML KB (markup / styles / state) | DOM nodes | " +
        "task / script / compile / layout / style CPU ms | load / first byte ms | " +
        "hydrated: task CPU ms, state KB | load avg",
    );
    const totals = { task: 0, layout: 0, nodes: 0, bytes: 0, loads: 0, hydratedTask: 0 };
    for (const slug of slugs) {
      const path = slug.startsWith("/") ? slug : slug === "index" ? "/docs/api" : `/docs/api/${slug}`;
      for (const viewport of WIDTHS) {
        const context = await browser.newContext({ baseURL: origin, viewport });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        // Durations in the renderer main thread's CPU time, not wall-clock: a loaded machine inflates less.
        await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
        await page.goto(path, { waitUntil: "load" });
        const { metrics } = await cdp.send("Performance.getMetrics");
        const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
        const seen = await page.evaluate(() => {
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          return {
            loadMs: Math.round(nav.loadEventEnd - nav.startTime),
            firstByteMs: Math.round(nav.responseStart - nav.startTime),
            htmlBytes: nav.transferSize || nav.encodedBodySize,
            decodedBytes: nav.decodedBodySize,
            nodes: document.getElementsByTagName("*").length,
            markup: document.getElementById("redoc")?.innerHTML.length ?? 0,
            styles: [...document.querySelectorAll("style")].reduce((n, s) => n + s.textContent!.length, 0),
            state: document.getElementById("redoc-state")?.textContent?.length ?? 0,
          };
        });
        const kb = (n: number) => Math.round(n / 1024);
        const bytes = [seen.markup, seen.styles, seen.state].map(kb).join(" / ");
        const cpu = [m.TaskDuration, m.ScriptDuration, m.V8CompileDuration, m.LayoutDuration, m.RecalcStyleDuration];
        let hydrated = "-";
        let hydratedTask = 0;
        if (!slug.startsWith("/")) {
          await page.locator("#redoc[data-hydrated]").waitFor({ state: "attached", timeout: 120_000 });
          const after = Object.fromEntries(
            (await cdp.send("Performance.getMetrics")).metrics.map((x) => [x.name, x.value]),
          );
          const fetched = await page.evaluate(() =>
            performance
              .getEntriesByType("resource")
              .filter((r) => r.name.includes("/docs/api/state/"))
              .reduce((n, r) => n + (r as PerformanceResourceTiming).decodedBodySize, 0),
          );
          hydratedTask = ms(after.TaskDuration);
          hydrated = `${hydratedTask}, ${kb(seen.state + fetched)}`;
        }
        console.log(
          `${path} | ${viewport.width} | ${kb(seen.decodedBytes)} (${bytes}) | ${seen.nodes} | ` +
            `${cpu.map(ms).join(" / ")} | ${seen.loadMs} / ${seen.firstByteMs} | ${hydrated} | ` +
            `${loadavg()[0].toFixed(2)}`,
        );
        if (slug.startsWith("/")) {
          await context.close();
          continue;
        }
        totals.loads += 1;
        totals.task += ms(m.TaskDuration);
        totals.hydratedTask += hydratedTask;
        totals.layout += ms(m.LayoutDuration);
        totals.nodes += seen.nodes;
        totals.bytes += seen.decodedBytes;
        await context.close();
      }
    }
    const n = totals.loads;
    console.log(
      `mean over ${n} loads: task ${Math.round(totals.task / n)} ms, layout ${Math.round(totals.layout / n)} ms, ` +
        `task to hydrated ${Math.round(totals.hydratedTask / n)} ms, ` +
        `${Math.round(totals.nodes / n)} DOM nodes, ${Math.round(totals.bytes / n / 1024)} KB of HTML; ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" / ")}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
