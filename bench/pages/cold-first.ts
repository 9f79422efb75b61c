// bench/pages/cold-first: a real user's first visit of /admin and of the hosted identity page (/kyc/…),
// each from a fresh browser context (empty cache, nothing compiled), several times, on the built server.
// Prints per load the 1-minute load average, the load (navigation start to the load event), the first
// byte, the document's end (a streamed page's last part), the JavaScript fetched before load (files and
// bytes) and the renderer's script and task time (CDP Performance.getMetrics: less sensitive to other
// processes than wall-clock time), then medians.
//   node --import tsx bench/pages/cold-first.ts
//   BENCH_ROUNDS=7 rounds; BENCH_LIST=1 prints the first round's waterfall; BENCH_SETTLE_MS=15000 before the first.
import { loadavg } from "node:os";
import { chromium, type Browser } from "@playwright/test";
import { startTestServer } from "../../tests/support/server";
import { CHROMIUM_ARGS } from "../../playwright.config";
import { exportE2eServer } from "../../e2e/support/server-env";

interface Load {
  loadMs: number;
  firstByteMs: number;
  /** When the document's last byte arrived (a streamed page's late parts included). */
  documentEndMs: number;
  scriptKb: number;
  scriptFiles: number;
  scriptMs: number;
  taskMs: number;
  waterfall: string[];
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};

async function coldLoad(browser: Browser, path: string, storageState?: Awaited<ReturnType<any>>): Promise<Load> {
  const ctx = await browser.newContext({
    baseURL: process.env.MERIDIAN_E2E_ORIGIN,
    viewport: { width: 1280, height: 800 },
    storageState,
  });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(path, { waitUntil: "load" });
  const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  const metric = (n: string) => Math.round((metrics.find((m) => m.name === n)?.value ?? 0) * 1000);
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const scripts = resources.filter((r) => r.name.endsWith(".js") && r.responseEnd <= nav.loadEventStart);
    return {
      loadMs: Math.round(nav.loadEventEnd - nav.startTime),
      firstByteMs: Math.round(nav.responseStart - nav.startTime),
      documentEndMs: Math.round(nav.responseEnd - nav.startTime),
      scriptKb: Math.round(scripts.reduce((n, r) => n + r.encodedBodySize, 0) / 1024),
      scriptFiles: scripts.length,
      // With BENCH_LIST=1 the first round prints this waterfall: every resource, then the document's milestones.
      waterfall: [
        ...resources.map(
          (r) =>
            `${Math.round(r.startTime)}–${Math.round(r.responseEnd)} ms ${new URL(r.name).pathname} ` +
            `${r.encodedBodySize} B (${r.decodedBodySize} decoded)`,
        ),
        `document ${nav.encodedBodySize} B (${nav.decodedBodySize} decoded), ` +
          `response end ${Math.round(nav.responseEnd)}, DOM interactive ${Math.round(nav.domInteractive)}, ` +
          `DOMContentLoaded ${Math.round(nav.domContentLoadedEventEnd)}, load ${Math.round(nav.loadEventStart)}`,
      ],
    };
  });
  await ctx.close();
  return { ...timing, scriptMs: metric("ScriptDuration"), taskMs: metric("TaskDuration") };
}

async function main() {
  const server = await startTestServer("embedded", { LOG_LEVEL: "warn" });
  exportE2eServer(server);
  const { createStaff, signInStaff, platformApi } = await import("../../e2e/support/fixtures");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const base = { baseURL: process.env.MERIDIAN_E2E_ORIGIN };
  try {
    const setup = await browser.newContext(base);
    const staff = await createStaff(setup.request, "operator");
    const signedIn = await browser.newContext(base);
    await signInStaff(await signedIn.newPage(), staff);
    const staffState = await signedIn.storageState();
    await signedIn.close();
    const created = await platformApi(setup.request, "POST", "/customers", {
      customerType: "INDIVIDUAL",
      platformCustomerId: `bench-cold-first-${Date.now()}`,
      fullName: "Hana Hosted",
    });
    const link = await platformApi(setup.request, "POST", `/customers/${created.body.id}/kyc-link`, {
      redirectUri: "https://platform.example/done",
    });
    const kyc = new URL(link.body.kycUrl).pathname;
    // Let the server's background warm-up finish (the tour's pages come after sign-in too).
    await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 15_000)));
    if (process.env.BENCH_BROWSER_WARM !== "0") {
      // A visitor's browser is already running: its first page render after launch (renderer process, V8, fonts)
      // is Chromium's start, not a page load, so it happens here, on a page of no interest, before the rounds.
      const first = await browser.newContext(base);
      await (await first.newPage()).goto("/admin/signin", { waitUntil: "load" });
      await first.close();
    }
    const rows: Record<string, Load[]> = { "/admin": [], "/kyc/…": [] };
    console.log(
      ["page", "load 1", "load ms", "1st byte ms", "doc end ms", "JS KB (files)", "script ms", "task ms"].join("\t"),
    );
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, path, state] of [
        ["/admin", "/admin", staffState],
        ["/kyc/…", kyc, undefined],
      ] as const) {
        const l = await coldLoad(browser, path, state);
        rows[name].push(l);
        if (i === 0 && process.env.BENCH_LIST === "1") {
          for (const s of l.waterfall) console.log(`  ${s}`);
          // How the scripts are served: compression and caching of one static chunk.
          const chunk = l.waterfall.map((w) => w.match(/ (\/_next\/static\/\S+\.js) /)?.[1]).find(Boolean);
          if (chunk) {
            const res = await setup.request.get(chunk, { headers: { "accept-encoding": "gzip, deflate, br" } });
            const h = res.headers();
            console.log(`  ${chunk}: content-encoding ${h["content-encoding"]}, cache-control ${h["cache-control"]}`);
          }
        }
        console.log(
          [
            name,
            loadavg()[0].toFixed(2),
            l.loadMs,
            l.firstByteMs,
            l.documentEndMs,
            `${l.scriptKb} (${l.scriptFiles})`,
            l.scriptMs,
            l.taskMs,
          ].join("\t"),
        );
      }
    }
    for (const [name, ls] of Object.entries(rows)) {
      console.log(
        `median ${name}: load ${median(ls.map((l) => l.loadMs))} ms, ` +
          `first byte ${median(ls.map((l) => l.firstByteMs))} ms, ` +
          `document end ${median(ls.map((l) => l.documentEndMs))} ms, ` +
          `script ${median(ls.map((l) => l.scriptMs))} ms, task ${median(ls.map((l) => l.taskMs))} ms, ` +
          `JS ${median(ls.map((l) => l.scriptKb))} KB in ${median(ls.map((l) => l.scriptFiles))} files ` +
          `(${ls.length} loads)`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" / ")}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();
